import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { LoginResult } from '../../types/auth.js'
import { ResultCode } from '../../types/codes.js'
import { ClientFrame } from '../../types/frames.js'
import { ALL_ROUTES, API_BASE_PATH, type ApiRoute } from '../../types/routes/index.js'
import { WS_MAX_FRAME_BYTES } from '../../types/ws.js'
import { loadConfig } from '../src/config.js'
import { promote } from '../src/app/admin/role.js'
import { chatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { startLanguageProvider, type ProviderProcess } from './support/languageProvider.js'
import { HUGE, jsonSchemaOf, malformedBodies, sample } from './support/malformed.js'
import { openStorage, startServer, type Storage, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'
import { STAND_IN_APPID, STAND_IN_SECRET, STAND_IN_TEMPLATES, startWechatStandIn, type WechatStandIn } from './support/wechatStandIn.js'

/** A request that takes longer than this counts as a hang. */
const HANG_MS = 10_000

const withTimeout = <T>(p: Promise<T>, what: string): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`hang: ${what}`)), HANG_MS))])

const PARAM_VALUES = ['x'.repeat(5000), '%00', '%zz', '..%2F..%2Fetc', '-1', '%E2%80%AE', '%F0%9F%98%80', '1e308']
const QUERY_VALUES = ['%00', 'abc', '-1', '1e308', 'x'.repeat(3000), '%zz', '[]']

function pathWith(route: ApiRoute, value: string): string {
  return API_BASE_PATH + route.path.replace(/:(\w+)/g, value)
}

/**
 * The abuse step of CI: every route of the table and every client frame type gets malformed
 * input generated from its schema. Any 5xx, any answer outside the `{code, msg, data}`
 * envelope, a crash or a hang fails it; afterwards the server must still serve normal requests.
 */
describe('fuzzing the route table and the frames', () => {
  let storage: Storage
  let provider: ProviderProcess
  let wx: WechatStandIn
  let s: TestServer
  let a: TestUser
  let b: TestUser
  /** The fuzzed routes run as their own user: logout, password and account routes may end its session. */
  let fuzzer: TestUser
  const failures: string[] = []

  /** A session for the fuzzer again, once a fuzzed route ended its last one. */
  async function revive(): Promise<void> {
    const again = await s.api<LoginResult>('/api/user/login/pwd', { phone: fuzzer.phone, pwd: fuzzer.pwd })
    fuzzer = again.code === 200 ? { ...fuzzer, ...again.data } : await registerUser(s, 'fz')
  }

  beforeAll(async () => {
    storage = await openStorage('pglite')
    provider = await startLanguageProvider('k-fuzz')
    wx = await startWechatStandIn()
    const base = loadConfig({})
    const roomy = { burst: 100_000, perSecond: 100_000 }
    s = await startServer(storage, {
      socketLimits: { ...base.socketLimits, send: roomy, typing: roomy, read: roomy, call: roomy },
      // With a provider the language routes run their own checks instead of answering 501 (not set up).
      languageProvider: { url: provider.url, key: 'k-fuzz', timeoutMs: 5000 },
      // The WeChat routes likewise, against the stand-in, instead of 501 (WeChat login not set up).
      wechat: loadConfig({
        WECHAT_APPID: STAND_IN_APPID,
        WECHAT_SECRET: STAND_IN_SECRET,
        WECHAT_API_BASE: wx.url,
        WECHAT_TEMPLATE_MESSAGE: STAND_IN_TEMPLATES.message,
        WECHAT_TEMPLATE_CALL: STAND_IN_TEMPLATES.call,
      }).wechat,
    })
    a = await registerUser(s, 'fa')
    b = await registerUser(s, 'fb')
    await befriend(s, a, b)
    fuzzer = await registerUser(s, 'fz')
    await befriend(s, fuzzer, b)
    // An operator, so the console's routes read and check their input instead of stopping at the role (403).
    await promote(storage.db, fuzzer.wtId)
  })
  afterAll(async () => {
    await s?.close()
    await storage?.close()
    provider?.stop()
    await wx?.close()
  })

  function judge(what: string, route: ApiRoute | null, status: number, text: string) {
    if (status >= 500) return failures.push(`${what}: HTTP ${status} ${text.slice(0, 200)}`)
    if (route && status === 200 && !(route.answer instanceof z.ZodType)) return
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return failures.push(`${what}: not JSON (${status}) ${text.slice(0, 120)}`)
    }
    const env = body as { code?: unknown; msg?: unknown }
    if (typeof env?.code !== 'number' || typeof env.msg !== 'string' || !('data' in (body as object))) {
      failures.push(`${what}: outside the envelope (${status}) ${text.slice(0, 200)}`)
    } else if (env.code >= 500 && env.code < 600) {
      failures.push(`${what}: code ${env.code} ${env.msg}`)
    }
  }

  async function request(route: ApiRoute, url: string, payload: string | undefined, what: string) {
    const headers: Record<string, string> = { authorization: `Bearer ${fuzzer.token}` }
    if (payload !== undefined) headers['content-type'] = 'application/json'
    const res = await withTimeout(s.built.app.inject({ method: route.method, url, headers, payload }), what)
    judge(what, route, res.statusCode, res.body)
    if (res.body.includes(`"code":${ResultCode.SessionRevoked}`)) await revive()
  }

  it('covers every operation the OpenAPI document lists, the operator ones included', async () => {
    const doc = (await (await fetch(`${s.url}${API_BASE_PATH}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> }
    const listed = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`))
    const fuzzed = new Set(ALL_ROUTES.map((r) => `${r.method} ${API_BASE_PATH}${r.path}`))
    expect(listed.filter((op) => !fuzzed.has(op))).toEqual([])
    expect(listed.filter((op) => op.includes('/admin/')).length).toBeGreaterThan(20)
  })

  it('answers every malformed body, path parameter and query of every route inside the envelope, never 5xx', async () => {
    for (const route of ALL_ROUTES) {
      const name = `${route.method} ${route.path}`
      const url = pathWith(route, 'abcdefabcdefabcdef')
      if (route.body) {
        const base = sample(jsonSchemaOf(route.body))
        for (const { body, raw } of malformedBodies(base)) {
          await request(route, url, raw ?? JSON.stringify(body ?? null), `${name} body ${(raw ?? JSON.stringify(body) ?? '').slice(0, 80)}`)
        }
      } else if (route.method === 'POST') {
        await request(route, url, '{"__proto__":{"x":1}}', `${name} proto body`)
        await request(route, url, JSON.stringify({ a: HUGE }), `${name} huge body`)
      }
      if (route.params) {
        for (const v of PARAM_VALUES) await request(route, pathWith(route, v), route.method === 'POST' ? '{}' : undefined, `${name} param ${v.slice(0, 20)}`)
      }
      if (route.query) {
        const keys = Object.keys(route.query.shape)
        for (const v of QUERY_VALUES) {
          const qs = keys.map((k) => `${k}=${v}`).join('&')
          await request(route, `${url}?${qs}`, route.method === 'POST' ? '{}' : undefined, `${name} query ${v.slice(0, 20)}`)
        }
      }
    }
    // Uploads are multipart: odd names, odd parts, the wrong content type.
    const upload = ALL_ROUTES.find((r) => r.form)!
    for (const name of ['a\u0000.txt', '\u202Etxt.exe', '.', '..', 'x'.repeat(5000), 'CON', 'a\\b\\c.txt']) {
      const form = new FormData()
      form.append('kind', 'image\u0000')
      form.append('file', new Blob([new Uint8Array([0x89, 0x50])]), name)
      const res = await withTimeout(fetch(`${s.url}${API_BASE_PATH}${upload.path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${fuzzer.token}` } }), `upload ${name}`)
      judge(`upload ${JSON.stringify(name).slice(0, 40)}`, upload, res.status, await res.text())
    }
    for (const [type, body] of [['text/plain', 'hello'], ['multipart/form-data; boundary=zz', '--zz\r\nbroken'], ['application/xml', '<a/>']] as const) {
      const res = await withTimeout(fetch(`${s.url}${API_BASE_PATH}${upload.path}`, { method: 'POST', body, headers: { authorization: `Bearer ${fuzzer.token}`, 'content-type': type } }), `upload ${type}`)
      judge(`upload as ${type}`, upload, res.status, await res.text())
    }
    expect(failures).toEqual([])
  }, 180_000)

  it('answers malformed frames of every client frame type without a 5xx, keeping the socket', async () => {
    const ca = chatClient(s, a.token)
    await ca.ready
    const ws = ca.probe.ws
    const frames: string[] = ['{not json', '', 'null', '[]', '42', '{"type":"teleport"}', '{"__proto__":{"type":"send"}}', '['.repeat(3000) + ']'.repeat(3000)]
    for (const option of ClientFrame.options) {
      const base = sample(jsonSchemaOf(option)) as Record<string, unknown>
      if (base.type === 'send') (base.message as Record<string, unknown>).conversationID = `C2C${b.wtId}`
      for (const { body, raw } of malformedBodies(base)) {
        const text = raw ?? JSON.stringify(body ?? null)
        // Keep the type so each variant reaches its own frame's checks; oversize frames only test the transport limit.
        const typed = body && typeof body === 'object' && !Array.isArray(body) && !('type' in body) ? JSON.stringify({ type: base.type, ...body }) : text
        for (const f of [text, typed]) if (f.length < WS_MAX_FRAME_BYTES) frames.push(f)
      }
    }
    for (const f of frames) ws.send(f)
    ws.send(JSON.stringify({ type: 'ping', ts: 424242 }))
    await withTimeout(ca.next((f) => f.type === 'pong' && f.ts === 424242, HANG_MS), 'pong after malformed frames')
    // Frames are handled one after another; a send after them all is answered once they are.
    const after = await withTimeout(ca.sendText(`C2C${b.wtId}`, 'still here'), 'send after malformed frames')
    expect(after.type).toBe('ack')
    const serverErrors = ca.events().filter((f) => typeof f.code === 'number' && f.code >= 500)
    expect(serverErrors).toEqual([])
    expect(ws.readyState).toBe(ws.OPEN)
    ca.close()
  }, 30_000)

  it('still serves normal requests afterwards', async () => {
    const login = await s.api('/api/user/login/pwd', { phone: b.phone, pwd: b.pwd })
    expect(login.code).toBe(200)
    expect((await s.api('/api/user/info', undefined, { token: a.token })).code).toBe(200)
    const cb = chatClient(s, b.token)
    const ack = await cb.send({ clientMsgId: randomUUID(), conversationID: `C2C${a.wtId}`, type: 'TIMTextElem', payload: { text: '你好' } })
    expect(ack.type).toBe('ack')
    cb.close()
  })
})
