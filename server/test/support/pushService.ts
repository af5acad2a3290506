import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local push service that behaves as RFC 8030 says one does: it takes a push only with a VAPID
 * JWT (RFC 8292) signed by the key in the header, for its own origin, not expired, and decrypts the
 * aes128gcm body (RFC 8291) with the keys of the subscription it handed out. Each endpoint can be
 * told what to answer next (410 gone, 429 busy).
 */

const b64url = (b: Buffer) => b.toString('base64url')

export interface ReceivedPush {
  id: string
  payload: Record<string, unknown>
  ttl: number
  urgency: string | null
  topic: string | null
  /** The VAPID public key the push was signed with. */
  vapidKey: string
}

interface Endpoint {
  ecdh: ECDH
  auth: Buffer
  script: number[]
}

export interface PushServiceStandIn {
  url: string
  subscription(): { id: string; endpoint: string; keys: { p256dh: string; auth: string } }
  /** The next answers of an endpoint (after them: 201). */
  answer(id: string, ...statuses: number[]): void
  received: ReceivedPush[]
  /** Every request refused for a bad JWT or a body that did not decrypt (a test expects none). */
  problems: string[]
  /** Requests per endpoint, answered anything. */
  attempts: Map<string, number>
  close(): Promise<void>
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length))
}

/** RFC 8291 §3.4 with one aes128gcm record (RFC 8188). */
export function decryptPush(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16)
  const idlen = body[20]!
  const senderKey = body.subarray(21, 21 + idlen)
  const ciphertext = body.subarray(21 + idlen)
  const secret = ecdh.computeSecret(senderKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey])
  const ikm = hkdf(auth, secret, keyInfo, 32)
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()])
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('last record without its delimiter')
  return padded.subarray(0, end)
}

/** RFC 8292: `vapid t=<JWT>, k=<P-256 public key>`; answers the key when the JWT holds. */
function checkVapid(header: string | undefined, origin: string): string {
  const m = /^vapid t=([\w.-]+),\s*k=([\w-]+)$/.exec(header ?? '')
  if (!m) throw new Error(`no VAPID authorization: ${header}`)
  const [, jwt, k] = m as unknown as [string, string, string]
  const raw = Buffer.from(k, 'base64url')
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key')
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, format: 'jwk' })
  const [h, p, s] = jwt.split('.') as [string, string, string]
  const header_ = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string }
  if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}`)
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) throw new Error('JWT signature does not verify')
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string }
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud}, expected ${origin}`)
  const now = Date.now() / 1000
  if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3600) throw new Error(`JWT exp ${claims.exp}`)
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub}`)
  return k
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const endpoints = new Map<string, Endpoint>()
  const received: ReceivedPush[] = []
  const problems: string[] = []
  const attempts = new Map<string, number>()
  let origin = ''
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1]
      const ep = id ? endpoints.get(id) : undefined
      if (req.method !== 'POST' || !id || !ep) return void res.writeHead(404).end()
      attempts.set(id, (attempts.get(id) ?? 0) + 1)
      try {
        const vapidKey = checkVapid(req.headers.authorization, origin)
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`)
        const ttl = Number(req.headers.ttl)
        if (!Number.isInteger(ttl)) throw new Error('no TTL')
        const body = Buffer.concat(chunks)
        if (body.length > 4096) throw new Error(`payload of ${body.length} bytes`)
        const scripted = ep.script.shift()
        if (scripted !== undefined) {
          if (scripted === 429) res.setHeader('retry-after', '0')
          return void res.writeHead(scripted).end()
        }
        const payload = JSON.parse(decryptPush(body, ep.ecdh, ep.auth).toString()) as Record<string, unknown>
        received.push({ id, payload, ttl, urgency: (req.headers.urgency as string) ?? null, topic: (req.headers.topic as string) ?? null, vapidKey })
        res.writeHead(201).end()
      } catch (err) {
        problems.push(String(err))
        res.writeHead(400).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: origin,
    received,
    problems,
    attempts,
    subscription() {
      const id = randomBytes(8).toString('hex')
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      endpoints.set(id, { ecdh, auth, script: [] })
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } }
    },
    answer(id, ...statuses) {
      endpoints.get(id)!.script.push(...statuses)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
