import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type BuiltApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { openDb } from '../src/db/index.js'
import { migrate } from '../src/db/migrate.js'

describe('serving the H5 app', () => {
  let built: BuiltApp
  let url: string
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'))
  beforeAll(async () => {
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="app"></div>')
    fs.mkdirSync(path.join(webRoot, 'js'))
    fs.writeFileSync(path.join(webRoot, 'js', 'app.1234abcd.js'), 'console.log(1)')
    built = await buildApp(loadConfig({}, { webRoot, demoData: false }), { inMemory: true, logger: false })
    await built.app.listen({ port: 0, host: '127.0.0.1' })
    url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await built.close()
    fs.rmSync(webRoot, { recursive: true, force: true })
  })

  it('falls back to index.html for the spec routes and unknown pages, uncached', async () => {
    for (const route of ['/', '/login?redirect=%2Fcontacts', '/messages', '/moments/42', '/h5/level', '/no/such/page']) {
      const res = await fetch(url + route)
      expect({ route, status: res.status }).toEqual({ route, status: 200 })
      expect(await res.text()).toContain('<div id="app">')
      expect(res.headers.get('cache-control')).toBe('no-cache')
    }
  })

  it('serves hashed assets with a long cache and real 404s for missing files and /api paths', async () => {
    const js = await fetch(`${url}/js/app.1234abcd.js`)
    expect(js.status).toBe(200)
    expect(js.headers.get('cache-control')).toContain('immutable')
    expect((await fetch(`${url}/js/missing.js`)).status).toBe(404)
    const api = await fetch(`${url}/api/unknown`)
    expect(api.status).toBe(404)
    expect(await api.json()).toEqual({ code: 404, msg: '访问资源不存在', data: null })
  })
})

describe('migrations', () => {
  it('apply once on a new PGlite directory and nothing on reopen', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-'))
    try {
      const first = await openDb({ databaseUrl: null, dataDir })
      const { rows } = await first.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')
      expect(rows.map((r) => r.version)).toContain('001_accounts.sql')
      await first.close()
      const again = await openDb({ databaseUrl: null, dataDir })
      expect(await migrate(again)).toEqual([])
      await again.close()
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
