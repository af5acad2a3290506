import { inflateSync } from 'node:zlib'
import { Api } from 'tls-sig-api-v2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import type { SiteInfo } from '../../types/site.js'
import { TRTC_NOT_CONFIGURED, type TrtcUserSig } from '../../types/trtc.js'
import { loadConfig } from '../src/config.js'
import { freshPhone, openStorage, startServer, type Storage, type TestServer } from './support/server.js'

const APP_ID = 1400000001
const SECRET = '5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e'

/**
 * Tencent's check of a UserSig, with tls-sig-api-v2's own pieces: the document the library
 * deflated and base64url-escaped, its HMAC recomputed by the library's signer with the key, and
 * the validity window. tls-sig-api-v2 ships no verify function; this is the check its signature
 * format defines (and the one Tencent's servers make).
 */
function verifyUserSig(sig: string, appId: number, key: string, userId: string, nowSeconds: number): { ok: boolean; expire: number } {
  const b64 = sig.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '=')
  const doc = JSON.parse(inflateSync(Buffer.from(b64, 'base64')).toString()) as Record<string, string | number>
  const expected = new Api(appId, key)._hmacsha256(userId, Number(doc['TLS.time']), Number(doc['TLS.expire']), null)
  const fresh = Number(doc['TLS.time']) <= nowSeconds && nowSeconds < Number(doc['TLS.time']) + Number(doc['TLS.expire'])
  const ok = doc['TLS.ver'] === '2.0' && doc['TLS.identifier'] === userId && doc['TLS.sdkappid'] === appId && doc['TLS.sig'] === expected && fresh
  return { ok, expire: Number(doc['TLS.expire']) }
}

async function register(s: TestServer): Promise<LoginResult> {
  return (await s.api<LoginResult>('/api/user/login/register', { phone: freshPhone(), pwd: 'secret123', nickName: '用户' })).data
}

describe('TRTC UserSig', () => {
  let storage: Storage
  let withTrtc: TestServer
  let without: TestServer
  beforeAll(async () => {
    storage = await openStorage('pglite')
    const base = loadConfig({}).calls
    withTrtc = await startServer(storage, { calls: { ...base, trtc: { sdkAppId: APP_ID, secretKey: SECRET, userSigTtlSeconds: 600 } } })
    without = await startServer(storage)
  })
  afterAll(async () => {
    await withTrtc?.close()
    await without?.close()
    await storage?.close()
  })

  it('signs a UserSig for the logged-in user that the signature check accepts, valid the configured time', async () => {
    const me = await register(withTrtc)
    const before = Math.floor(Date.now() / 1000)
    const answer = await withTrtc.api<TrtcUserSig>('/api/media/trtc/userSig', undefined, { token: me.token })
    expect(answer.code).toBe(200)
    expect(answer.data.sdkAppId).toBe(APP_ID)
    expect(answer.data.userId).toBe(me.wtId)
    expect(answer.data.expiresAt - before).toBeGreaterThanOrEqual(599)
    expect(answer.data.expiresAt - before).toBeLessThanOrEqual(601)
    const checked = verifyUserSig(answer.data.userSig, APP_ID, SECRET, me.wtId, Math.floor(Date.now() / 1000))
    expect(checked).toEqual({ ok: true, expire: 600 })
    // Not for someone else, not under another key, not after it expired.
    expect(verifyUserSig(answer.data.userSig, APP_ID, SECRET, '10001', before).ok).toBe(false)
    expect(verifyUserSig(answer.data.userSig, APP_ID, SECRET.replace('5', '6'), me.wtId, before).ok).toBe(false)
    expect(verifyUserSig(answer.data.userSig, APP_ID, SECRET, me.wtId, before + 601).ok).toBe(false)
    expect(JSON.stringify(answer)).not.toContain(SECRET)
  })

  it('tells the client TRTC is on, and never hands out the key', async () => {
    const info = await withTrtc.api<SiteInfo>('/api/site/info', undefined, { method: 'GET' })
    expect(info.data.trtc).toBe(true)
    expect(JSON.stringify(info)).not.toContain(SECRET)
  })

  it('needs a session', async () => {
    const answer = await withTrtc.api('/api/media/trtc/userSig', undefined, { method: 'GET' })
    expect(answer.code).not.toBe(200)
    expect(answer.data).toBeNull()
  })

  it('without a TRTC application answers 501 with its text, and the client config says TRTC is off', async () => {
    const me = await register(without)
    const answer = await without.api('/api/media/trtc/userSig', undefined, { token: me.token })
    expect(answer).toMatchObject({ status: 501, code: TRTC_NOT_CONFIGURED.code, msg: TRTC_NOT_CONFIGURED.msg, data: null })
    expect((await without.api<SiteInfo>('/api/site/info', undefined, { method: 'GET' })).data.trtc).toBe(false)
  })

  it('refuses half a TRTC configuration and a TTL over a day at start-up', () => {
    expect(() => loadConfig({ TRTC_SDK_APP_ID: String(APP_ID) })).toThrow(/go together/)
    expect(() => loadConfig({ TRTC_SDK_APP_ID: 'x', TRTC_SECRET_KEY: SECRET })).toThrow(/positive integer/)
    expect(() => loadConfig({ TRTC_SDK_APP_ID: String(APP_ID), TRTC_SECRET_KEY: SECRET, TRTC_USERSIG_TTL_SECONDS: '90000' })).toThrow(/86400/)
    expect(loadConfig({ TRTC_SDK_APP_ID: String(APP_ID), TRTC_SECRET_KEY: SECRET }).calls.trtc).toEqual({ sdkAppId: APP_ID, secretKey: SECRET, userSigTtlSeconds: 3600 })
  })
})
