import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, cacheControlFor, COMPRESS_THRESHOLD_BYTES, type BuiltApp } from '../src/compose.js'
import { loadConfig } from '../src/config.js'
import { openDb } from '../src/db/index.js'
import { migrate } from '../src/db/migrate.js'

/** A GET with the bytes as they came over the wire (fetch would decompress them). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

describe('serving the H5 app', () => {
  let built: BuiltApp
  let url: string
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'))
  // Different bytes in each copy, so a test sees which file was sent.
  const bundle = `console.log(${JSON.stringify('x'.repeat(4000))})`
  const bundleGz = gzipSync(`${bundle}//gz`)
  const bundleBr = brotliCompressSync(`${bundle}//br`)
  beforeAll(async () => {
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="app"></div>')
    fs.mkdirSync(path.join(webRoot, 'js'))
    fs.writeFileSync(path.join(webRoot, 'js', 'app.1234abcd.js'), 'console.log(1)')
    fs.writeFileSync(path.join(webRoot, 'js', 'big.9f8e7d6c.js'), bundle)
    fs.writeFileSync(path.join(webRoot, 'js', 'big.9f8e7d6c.js.gz'), bundleGz)
    fs.writeFileSync(path.join(webRoot, 'js', 'big.9f8e7d6c.js.br'), bundleBr)
    fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
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

  it('revalidates files without a content hash', async () => {
    const icon = await rawGet(`${url}/favicon.svg`)
    expect(icon.status).toBe(200)
    expect(icon.headers['cache-control']).toBe('no-cache')
    expect(cacheControlFor('index.html')).toBe('no-cache')
    expect(cacheControlFor('mediapipe/selfie_segmentation.tflite')).toBe('no-cache')
    expect(cacheControlFor('css/441.3012b92897c4430ce2ab.css')).toBe('public, max-age=31536000, immutable')
    expect(cacheControlFor('/srv/h5/js/app.77dfb24b.js.br')).toBe('public, max-age=31536000, immutable')
    expect(cacheControlFor('/srv/h5/index.html.gz')).toBe('no-cache')
  })

  it('sends the copies compressed at build time: brotli first, then gzip, else the file itself', async () => {
    const br = await rawGet(`${url}/js/big.9f8e7d6c.js`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.body.equals(bundleBr)).toBe(true)
    expect(brotliDecompressSync(br.body).toString()).toBe(`${bundle}//br`)

    const gz = await rawGet(`${url}/js/big.9f8e7d6c.js`, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers.vary).toMatch(/accept-encoding/i)
    expect(gz.body.equals(bundleGz)).toBe(true)

    const plain = await rawGet(`${url}/js/big.9f8e7d6c.js`, { 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(bundle)
  })

  it('compresses JSON answers of 1 KB and more, and leaves small ones as they are', async () => {
    const big = await rawGet(`${url}/api/openapi.json`, { 'accept-encoding': 'br, gzip' })
    expect(big.status).toBe(200)
    expect(big.headers['content-encoding']).toBe('br')
    expect(big.headers.vary).toMatch(/accept-encoding/i)
    const document = JSON.parse(brotliDecompressSync(big.body).toString()) as { openapi?: string }
    expect(document.openapi).toBeTruthy()
    const plainSize = (await rawGet(`${url}/api/openapi.json`)).body.length
    expect(plainSize).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES)
    expect(big.body.length).toBeLessThan(plainSize / 3)

    const gz = await rawGet(`${url}/api/openapi.json`, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(document)

    const small = await rawGet(`${url}/api/health`, { 'accept-encoding': 'br, gzip' })
    expect(small.status).toBe(200)
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.body.toString())).toMatchObject({ code: 200 })
  })
})

describe('the API budget and the web app files', () => {
  it('counts no request for a file of the build, so a first visit cannot spend an address\'s API budget', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-budget-'))
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="app"></div>')
    fs.writeFileSync(path.join(webRoot, 'app.0a1b2c3d.js'), 'console.log(1)')
    const built = await buildApp(loadConfig({ RATE_API_PER_MINUTE: '5' }, { webRoot, demoData: false }), { inMemory: true, logger: false })
    try {
      await built.app.listen({ port: 0, host: '127.0.0.1' })
      const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`
      // What a service worker's precache does on a first visit: every file, at once.
      const files = await Promise.all(Array.from({ length: 30 }, (_, i) => fetch(`${base}/${i % 2 ? 'app.0a1b2c3d.js' : 'index.html'}`)))
      expect(files.map((r) => r.status)).toEqual(files.map(() => 200))
      const calls = []
      for (let i = 0; i < 6; i++) calls.push((await fetch(`${base}/api/site/info`)).status)
      expect(calls).toEqual([200, 200, 200, 200, 200, 429])
    } finally {
      await built.close()
      fs.rmSync(webRoot, { recursive: true, force: true })
    }
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
