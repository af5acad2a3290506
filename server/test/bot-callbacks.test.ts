import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callbackCaller } from '../src/adapters/botCallback.js'

/**
 * The outgoing robots' HTTP caller against local stand-ins: what the operator's allowlist lets
 * through, and what it refuses before any connection (private addresses, names that resolve to
 * them, redirects to them).
 */
describe('robot callback caller', () => {
  const hits: string[] = []
  let target: http.Server
  let port = 0
  beforeAll(async () => {
    target = http.createServer((req, res) => {
      hits.push(`${req.headers.host}${req.url}`)
      if (req.url === '/to-private') {
        res.writeHead(302, { location: `http://127.0.0.2:${port}/inside` }).end()
        return
      }
      if (req.url === '/to-self') {
        res.writeHead(307, { location: '/ok' }).end()
        return
      }
      req.resume()
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"msgtype":"text","text":{"content":"ok"}}'))
    })
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    port = (target.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())))

  const post = (allow: string[], url: string) => callbackCaller({ allow, timeoutMs: 2000 }).post(url, '{}', {})

  it('refuses loopback and private addresses when they are not listed, before connecting', async () => {
    const before = hits.length
    for (const url of [`http://127.0.0.1:${port}/ok`, 'http://10.1.2.3/', 'http://192.168.1.1/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://169.254.169.254/']) {
      expect(await post([], url), url).toMatchObject({ ok: false, reason: 'refused' })
    }
    expect(hits.length).toBe(before)
  })

  it('refuses a DNS name that resolves to a loopback address', async () => {
    expect(await post([], `http://localhost:${port}/ok`)).toMatchObject({ ok: false, reason: 'refused', detail: expect.stringContaining('localhost resolves to') })
    const resolvingInside = callbackCaller({ allow: ['203.0.113.0/24'], timeoutMs: 2000, resolve: async () => ['203.0.113.5', '10.0.0.1'] })
    expect(await resolvingInside.post('http://mixed.example/', '{}', {})).toMatchObject({ ok: false, reason: 'refused' })
  })

  it('calls a listed range or host, and follows a redirect that stays allowed', async () => {
    expect(await post(['127.0.0.1/32'], `http://127.0.0.1:${port}/ok`)).toMatchObject({ ok: true, status: 200 })
    expect(await post(['localhost'], `http://localhost:${port}/to-self`)).toMatchObject({ ok: true, status: 200 })
  })

  it('refuses a redirect to an address that is not listed', async () => {
    const before = hits.length
    expect(await post(['127.0.0.1/32'], `http://127.0.0.1:${port}/to-private`)).toMatchObject({ ok: false, reason: 'refused', detail: expect.stringContaining('127.0.0.2') })
    expect(hits.slice(before)).toEqual([`127.0.0.1:${port}/to-private`])
  })

  it('with a list, only what is listed: a public address outside it is refused too', async () => {
    const c = callbackCaller({ allow: ['hooks.example.com'], timeoutMs: 2000, resolve: async () => ['198.51.100.7'] })
    expect(await c.check('http://other.example.org/')).toContain('not allowed')
    expect(await c.check('ftp://hooks.example.com/')).toContain('scheme')
  })

  it('gives up after the timeout', async () => {
    const slow = http.createServer(() => undefined)
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
    const c = callbackCaller({ allow: ['127.0.0.1'], timeoutMs: 300 })
    const started = Date.now()
    expect(await c.post(`http://127.0.0.1:${(slow.address() as AddressInfo).port}/`, '{}', {})).toMatchObject({ ok: false, reason: 'timeout' })
    expect(Date.now() - started).toBeLessThan(2000)
    slow.closeAllConnections()
    await new Promise<void>((resolve) => slow.close(() => resolve()))
  })
})
