// CommonJS, as adapters/passwordHashing/worker.cjs is and for the same reason.
const { execFileSync } = require('node:child_process')
const { readlinkSync } = require('node:fs')
const { workerData } = require('node:worker_threads')
const webpush = require('web-push')

/**
 * Web Push requests, in a thread of their own: each push is encrypted for its device (RFC 8291,
 * aes128gcm: an ECDH agreement, HKDF and AES-GCM) and posted to its push service. Together that
 * is about a millisecond of CPU a push, which on the event loop would hold up messages during a
 * message to a large group. The thread only takes a core nothing else wants (Linux SCHED_IDLE,
 * as the password hashing threads do); elsewhere its lowered nice value stays.
 */
const { vapid, timeoutMs, idle } = workerData

if (idle && process.platform === 'linux') {
  const thread = readlinkSync('/proc/thread-self').split('/').pop()
  try {
    execFileSync('chrt', ['--idle', '-p', '0', thread], { stdio: 'ignore' })
  } catch {
    // No chrt here: the nice value is what lowers the thread.
  }
}

/** A VAPID JWT names only the push service's origin: one signature serves it for hours (services accept up to 24 h). */
const JWT_TTL_S = 12 * 3600
const JWT_RENEW_S = 3600
const signed = new Map()

function authorizationFor(audience) {
  const now = Date.now() / 1000
  const kept = signed.get(audience)
  if (kept && kept.renewAt > now) return kept.authorization
  const { Authorization } = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', Math.floor(now) + JWT_TTL_S)
  signed.set(audience, { authorization: Authorization, renewAt: now + JWT_TTL_S - JWT_RENEW_S })
  return Authorization
}

function retryAfter(header) {
  if (!header) return null
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds)
  const at = Date.parse(header)
  return Number.isNaN(at) ? null : Math.max(0, (at - Date.now()) / 1000)
}

async function sendOne({ endpoint, p256dh, auth, payload, ttlSeconds, urgency, topic }) {
  try {
    const { cipherText } = webpush.encrypt(p256dh, auth, payload, 'aes128gcm')
    const headers = {
      TTL: String(ttlSeconds),
      Urgency: urgency,
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      Authorization: authorizationFor(new URL(endpoint).origin),
    }
    if (topic) headers.Topic = topic
    const res = await fetch(endpoint, { method: 'POST', headers, body: cipherText, signal: AbortSignal.timeout(timeoutMs) })
    await res.arrayBuffer().catch(() => undefined)
    return { status: res.status, retryAfterSeconds: retryAfter(res.headers.get('retry-after')), error: null }
  } catch (err) {
    return { status: 0, retryAfterSeconds: null, error: String(err?.cause ?? err) }
  }
}

/** A batch of pushes, sent at once; every push answers its status (0 when the service was not reached). */
module.exports = function send(batch) {
  return Promise.all(batch.map(sendOne))
}
