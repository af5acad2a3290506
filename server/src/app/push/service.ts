import type { FastifyBaseLogger } from 'fastify'
import { Counter, type Registry } from 'prom-client'
import { ConvType } from '../../../../types/chat.js'
import { FANOUT_TOPIC, userTopic, type Bus, type BusEvent } from '../../bus/Bus.js'
import type { PushConfig } from '../../config.js'
import type { Presence } from '../../adapters/presence.js'
import { newVapidKeys, webPushSender, type PushSender, type VapidDetails } from '../../adapters/webPush.js'
import { keepVapidKeys } from '../../data/push.js'
import type { Db } from '../../db/Db.js'
import { deliver, type Delivery, type DeliveryOutcome } from './deliver.js'
import { planPushes, plansNothing, type PushEvent } from './plan.js'
import { WorkQueue } from './queue.js'

/**
 * Web Push beside the message path: it watches the events published after each commit, and
 * everything it does after that (who is offline, whose conversation is muted, the push services'
 * answers) happens in two bounded queues, so a slow or failing push service never delays a
 * message. A full queue drops pushes (counted), never messages.
 */
export interface PushService {
  vapidPublicKey: string
  /** Takes an event the server is publishing; constant time, never throws. */
  observe(topic: string, event: BusEvent): void
  /** Counts by outcome since start (tests and the benchmark read them). */
  counts(): Record<DeliveryOutcome | 'dropped' | 'planned', number>
  /** Resolves when both queues are empty. */
  idle(): Promise<void>
  close(): Promise<void>
}

export interface PushDeps {
  db: Db
  config: PushConfig
  publicUrl: string | null
  sessionIdleSeconds: number
  presence: Presence
  log: FastifyBaseLogger
  registry: Registry
  /** Replaces the web-push sender (the benchmark's push service stand-in is in-process). */
  sender?: PushSender
}

/** The user topics' prefix (bus/Bus.ts userTopic). */
const USER_TOPIC_PREFIX = userTopic('')
/** Pushes queued per turn of the event loop. */
const PLAN_SLICE = 200

/** VAPID_* when given, else the pair made on the first start and kept in the database. */
export async function vapidDetails(db: Db, config: PushConfig, publicUrl: string | null): Promise<VapidDetails> {
  const kept = config.vapidPublicKey && config.vapidPrivateKey ? { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey } : await keepVapidKeys(db, newVapidKeys())
  const subject = config.vapidSubject ?? (publicUrl?.startsWith('https://') ? publicUrl : 'mailto:webpush@weitalk.invalid')
  return { subject, ...kept }
}

/** The user a user topic is named after; null for another topic. */
function userOf(topic: string): string | null {
  return topic.length > USER_TOPIC_PREFIX.length && topic.startsWith(USER_TOPIC_PREFIX) ? topic.slice(USER_TOPIC_PREFIX.length) : null
}

/** The push-worthy part of a published event, or null. */
export function pushEventOf(topic: string, event: BusEvent): PushEvent | null {
  const frame = event.frame
  if (!frame) return null
  if (frame.type === 'msg') {
    const message = frame.message
    if (topic === FANOUT_TOPIC) {
      if (message.conversationType !== ConvType.Group) return null
      const groupId = event.group ?? message.conversationID.slice('GROUP'.length)
      return { kind: 'message', message, audience: { conversationOf: 'group', groupId, recipients: event.recipients ?? null } }
    }
    const to = userOf(topic)
    // A user topic also carries the sender's own copy to their other devices: not news to them.
    if (!to || message.from === to || message.conversationType !== ConvType.C2C) return null
    return { kind: 'message', message, audience: { conversationOf: 'c2c', recipient: to } }
  }
  if (frame.type === 'friendApply' && frame.application) {
    const to = userOf(topic)
    return to ? { kind: 'friendApply', to, from: frame.application.applyWtId } : null
  }
  return null
}

export async function createPushService(deps: PushDeps): Promise<PushService> {
  const vapid = await vapidDetails(deps.db, deps.config, deps.publicUrl)
  const sender = deps.sender ?? webPushSender(vapid, deps.config.timeoutMs)
  const counts = { sent: 0, pruned: 0, retried: 0, gaveUp: 0, refused: 0, dropped: 0, planned: 0 }
  const counter = new Counter({ name: 'weitalk_push_total', help: 'Web Push deliveries by kind and outcome', labelNames: ['kind', 'outcome'] as const, registers: [deps.registry] })
  const count = (outcome: keyof typeof counts, kind: string) => {
    counts[outcome] += 1
    counter.inc({ kind, outcome })
  }
  const warn = (fields: Record<string, unknown>, msg: string) => deps.log.warn({ event: 'push', ...fields }, msg)

  const deliveries = new WorkQueue<Delivery>(
    (d) => deliver({ db: deps.db, sender, retryBaseMs: deps.config.retryBaseMs, maxAttempts: deps.config.maxAttempts, counted: count, warn }, d),
    {
      maxPending: deps.config.queueMax,
      concurrency: deps.config.concurrency,
      dropped: () => count('dropped', 'delivery'),
      failed: (err) => warn({ err }, 'push delivery failed'),
    },
  )
  const planner = new WorkQueue<PushEvent>(
    async (event) => {
      const planned = await planPushes({ db: deps.db, presence: deps.presence, sessionIdleSeconds: deps.sessionIdleSeconds }, event)
      for (let i = 0; i < planned.length; i++) {
        // A message to a large group plans thousands of pushes: the messages get the loop between slices.
        if (i > 0 && i % PLAN_SLICE === 0) await new Promise((resolve) => setImmediate(resolve))
        const p = planned[i]!
        count('planned', p.kind)
        deliveries.add({ to: p.to, payload: JSON.stringify(p.payload), options: p.options, kind: p.kind, attempt: 1, queuedAt: Date.now() })
      }
    },
    {
      // One event at a time: each is one query over its recipients, and the messages keep the
      // database's other connections (PGlite has one: the sends go between the plans).
      maxPending: deps.config.queueMax,
      concurrency: 1,
      dropped: () => count('dropped', 'event'),
      failed: (err) => warn({ err }, 'push planning failed'),
    },
  )

  return {
    vapidPublicKey: vapid.publicKey,
    observe(topic, event) {
      try {
        const e = pushEventOf(topic, event)
        if (e && !plansNothing(deps.presence, e)) planner.add(e)
      } catch (err) {
        warn({ err }, 'push event not understood')
      }
    },
    counts: () => ({ ...counts }),
    async idle() {
      while (planner.size + deliveries.size > 0) {
        await planner.idle()
        await deliveries.idle()
      }
    },
    async close() {
      planner.close()
      deliveries.close()
      await sender.close()
    },
  }
}

/** The bus, with every event the server publishes shown to `observe` first. */
export function tapBus(bus: Bus, observe: (topic: string, event: BusEvent) => void): Bus {
  return {
    // The bus's own promise, not one more async layer: two publishes per message each paid for one.
    publish(topic, event) {
      try {
        observe(topic, event)
      } catch (err) {
        return Promise.reject(err)
      }
      return bus.publish(topic, event)
    },
    subscribe: (topic, handler) => bus.subscribe(topic, handler),
    ping: () => bus.ping(),
    close: () => bus.close(),
  }
}
