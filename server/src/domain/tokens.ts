import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** 256 random bits, URL-safe: used for session tokens, tickets and QR codes. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * The messaging signature (imToken): `wtId.expiry.hmac`. It plays the part of a chat SDK's
 * user signature; the self-hosted engine checks it with the server secret.
 */
export function signImToken(secret: string, wtId: string, ttlSeconds = 7 * 24 * 3600, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + ttlSeconds
  const mac = createHmac('sha256', secret).update(`${wtId}.${exp}`).digest('base64url')
  return `${wtId}.${exp}.${mac}`
}

export function verifyImToken(secret: string, token: string, now = Date.now()): string | null {
  const [wtId, exp, mac] = token.split('.')
  if (!wtId || !exp || !mac) return null
  if (Number(exp) * 1000 < now) return null
  const expected = createHmac('sha256', secret).update(`${wtId}.${exp}`).digest()
  const given = Buffer.from(mac, 'base64url')
  return given.length === expected.length && timingSafeEqual(given, expected) ? wtId : null
}
