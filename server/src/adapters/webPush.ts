import { createHash } from 'node:crypto'
import { Piscina } from 'piscina'
import webpush from 'web-push'

/** The server's VAPID identity (RFC 8292). */
export interface VapidDetails {
  subject: string
  publicKey: string
  privateKey: string
}

export interface PushEndpoint {
  endpoint: string
  p256dh: string
  auth: string
}

export interface PushOptions {
  ttlSeconds: number
  urgency: 'very-low' | 'low' | 'normal' | 'high'
  /** Pushes with one topic replace each other while waiting at the push service (a conversation's, a call's). */
  topic?: string
}

export interface PushResult {
  status: number
  /** The push service's Retry-After, in seconds, when it gave one. */
  retryAfterSeconds: number | null
}

/** Sends one encrypted push to a push service. Network failures reject; every HTTP answer resolves. */
export interface PushSender {
  send(to: PushEndpoint, payload: string, options: PushOptions): Promise<PushResult>
  close(): Promise<void>
}

export const newVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys()

/** A push service accepts topics of at most 32 URL-safe base64 characters. */
export const pushTopic = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32)

const SEND_WORKER = new URL('./pushSendWorker.cjs', import.meta.url).href
/** Pushes per trip to the sending thread: one message to a large group is thousands of them. */
const SEND_BATCH = 32

interface SendJob {
  push: { endpoint: string; p256dh: string; auth: string; payload: string; ttlSeconds: number; urgency: string; topic: string | null }
  done(result: PushResult): void
  failed(err: unknown): void
}

/**
 * The `web-push` library encrypts each payload for its device (RFC 8291) and signs the VAPID JWT
 * (RFC 8292), in one thread at the lowest priority that also posts the requests
 * (adapters/pushSendWorker.cjs): the event loop only hands over batches of pushes and reads their
 * answers, so a message to a 5,000-member group costs the messages next to it almost nothing.
 */
export function webPushSender(vapid: VapidDetails, timeoutMs: number): PushSender {
  const pool = new Piscina({
    filename: SEND_WORKER,
    minThreads: 1,
    maxThreads: 1,
    // Batches in flight at once in the thread (each waits on its push services).
    concurrentTasksPerWorker: 4,
    niceIncrement: 19,
    workerData: { vapid, timeoutMs, idle: true },
  })
  let queued: SendJob[] = []
  let scheduled = false
  const flush = () => {
    scheduled = false
    while (queued.length > 0) {
      const batch = queued.slice(0, SEND_BATCH)
      queued = queued.slice(SEND_BATCH)
      pool.run(batch.map((j) => j.push)).then(
        (results: Array<PushResult & { error: string | null }>) =>
          batch.forEach((job, i) => {
            const r = results[i]!
            if (r.error !== null) job.failed(new Error(r.error))
            else job.done({ status: r.status, retryAfterSeconds: r.retryAfterSeconds })
          }),
        (err: unknown) => batch.forEach((job) => job.failed(err)),
      )
    }
  }
  return {
    send(to, payload, options) {
      return new Promise((done, failed) => {
        queued.push({ push: { ...to, payload, ttlSeconds: options.ttlSeconds, urgency: options.urgency, topic: options.topic ?? null }, done, failed })
        // Pushes queued in the same turn (a group message's) travel together.
        if (!scheduled) {
          scheduled = true
          setImmediate(flush)
        }
      })
    },
    close: () => pool.destroy(),
  }
}
