import Fastify, { type FastifyInstance } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_ROUTES, API_BASE_PATH, accountRoutes, type ApiRoute } from '../../types/routes/index.js'
import { buildApp, type BuiltApp } from '../src/compose.js'
import { loadConfig } from '../src/config.js'
import { checkAnswers } from '../src/http/answerCheck.js'
import { ok } from '../src/http/envelope.js'
import { onlyTableRoutes, serve } from '../src/http/serve.js'

const key = (method: string, path: string) => `${method} ${path}`
const openApiPath = (route: ApiRoute) => API_BASE_PATH + route.path.replace(/:(\w+)/g, '{$1}')

describe('the route table', () => {
  let built: BuiltApp
  beforeAll(async () => {
    built = await buildApp(loadConfig({}, { webRoot: null, demoData: false }), { inMemory: true, logger: false })
  })
  afterAll(() => built.close())

  it('names each method and path once', () => {
    const keys = ALL_ROUTES.map((r) => key(r.method, r.path))
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('is what the server serves: every entry is registered, and an /api route outside it stops the start', async () => {
    const missing = ALL_ROUTES.filter((r) => !built.app.hasRoute({ method: r.method, url: API_BASE_PATH + r.path })).map((r) => key(r.method, r.path))
    expect(missing).toEqual([])

    const bare = Fastify({ logger: false })
    bare.addHook('onRoute', onlyTableRoutes(ALL_ROUTES))
    bare.get('/elsewhere', async () => 'fine')
    await expect(bare.register(async (app) => app.post('/api/user/unlisted', async () => ok(null)))).rejects.toThrow(/not in the route table/)
    await bare.close()
  })

  it('is published as OpenAPI at GET /api/openapi.json, without a session, listing every route and nothing else', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> }
    expect(doc.openapi).toMatch(/^3\.1/)
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => key(m.toUpperCase(), path)))
    expect(documented.sort()).toEqual(ALL_ROUTES.map((r) => key(r.method, openApiPath(r))).sort())
    const login = doc.paths[openApiPath(accountRoutes.loginByPhone)]!.post!
    expect(login.requestBody).toBeDefined()
    expect(JSON.stringify(login.responses['200'])).toContain('imToken')
  })
})

describe('the answer check', () => {
  let app: FastifyInstance
  let answer: Record<string, unknown>
  beforeAll(async () => {
    app = Fastify({ logger: false })
    app.setValidatorCompiler(validatorCompiler)
    app.addHook('preSerialization', checkAnswers)
    serve(app, accountRoutes.step2Tips, async () => ok(answer as { tips: string }))
    await app.ready()
  })
  afterAll(() => app.close())

  const call = () => app.inject({ method: 'POST', url: '/api/user/login/step2pwd/tips', payload: { ticket: 'ticket-123' } })

  it('lets an answer that matches the table through', async () => {
    answer = { tips: '生日' }
    expect((await call()).statusCode).toBe(200)
  })

  it('fails an answer that drifted from the table: a wrong type, a missing field or an undeclared one', async () => {
    for (const drifted of [{ tips: 7 }, {}, { tips: '生日', secret: 'x' }]) {
      answer = drifted
      const res = await call()
      expect(res.statusCode).toBe(500)
      expect(res.json<{ message: string }>().message).toMatch(/does not match the route table/)
    }
  })

  it('is on unless NODE_ENV is production or CHECK_ANSWERS turns it off', () => {
    expect(loadConfig({}).checkAnswers).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production' }).checkAnswers).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', CHECK_ANSWERS: '1' }).checkAnswers).toBe(true)
    expect(loadConfig({ CHECK_ANSWERS: '0' }).checkAnswers).toBe(false)
  })
})
