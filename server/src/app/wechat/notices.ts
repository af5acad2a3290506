import type { FastifyBaseLogger } from 'fastify'
import type { Message } from '../../../../types/chat.js'
import type { Presence } from '../../adapters/presence.js'
import { WechatErr, WechatError, type WechatApi } from '../../adapters/wechat.js'
import type { BusEvent } from '../../bus/Bus.js'
import type { WechatConfig } from '../../config.js'
import { claimNotice, clearNotified, emptySubscription, returnNotice } from '../../data/wechat.js'
import { nickOf } from '../../data/push.js'
import type { Db } from '../../db/Db.js'
import { callAudience, isMissedCall, messageWording, missedCallWording, noticeOf, shouldNotifyMessage, type MessageWording } from '../../domain/notifyRules.js'
import { WorkQueue } from '../push/queue.js'
import { pushEventOf } from '../push/service.js'

/**
 * WeChat subscription messages: the mini-program's way to reach a user whose app is closed. The
 * same events and the same rules as Web Push (domain/notifyRules.ts: nobody connected → notify,
 * muted or folded → never, previews per setting), for one-to-one messages and missed calls only,
 * and one notice per closed spell: `notified_at` waits for the account's next socket.
 */
export interface WechatNotices {
  observe(topic: string, event: BusEvent): void
  /** The account opened a socket somewhere. */
  connected(wtId: string): void
  counts(): Record<NoticeOutcome, number>
  idle(): Promise<void>
  close(): void
}

export type NoticeOutcome = 'sent' | 'refused' | 'failed' | 'skipped' | 'dropped'

interface NoticeJob {
  to: string
  templateId: string
  message: Message
  kind: 'message' | 'missedCall'
}

export interface NoticeDeps {
  db: Db
  api: WechatApi
  config: WechatConfig
  presence: Presence
  log: FastifyBaseLogger
}

/** A thing.DATA keyword holds at most 20 characters. */
const THING_MAX = 20
const cut = (text: string) => {
  const chars = [...text]
  return chars.length > THING_MAX ? `${chars.slice(0, THING_MAX - 1).join('')}…` : text
}

/** WeChat's time.DATA: 2026-12-06 14:05, in China's time. */
function wechatTime(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(ms))
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`
}

/** The jobs an event makes: a one-to-one message for its recipient, a missed call for its callees. */
export function noticeJobs(config: WechatConfig, topic: string, event: BusEvent): NoticeJob[] {
  const e = pushEventOf(topic, event)
  if (!e || e.kind !== 'message' || e.audience.conversationOf !== 'c2c') return []
  const { message } = e
  const recipient = e.audience.recipient
  const notice = noticeOf(message)
  if (notice.kind === 'message' && config.templates.message) {
    return [{ to: recipient, templateId: config.templates.message, message, kind: 'message' }]
  }
  if (notice.kind === 'callEnd' && config.templates.call && isMissedCall(notice.signal)) {
    return callAudience(notice.signal, notice.signal.inviter)
      .filter((id) => id === recipient)
      .map((to) => ({ to, templateId: config.templates.call!, message, kind: 'missedCall' as const }))
  }
  return []
}

export function createWechatNotices(deps: NoticeDeps): WechatNotices {
  const counts: Record<NoticeOutcome, number> = { sent: 0, refused: 0, failed: 0, skipped: 0, dropped: 0 }
  const [titleKey, textKey, timeKey] = deps.config.templateKeys

  async function wording(job: NoticeJob, unread: number, previews: boolean): Promise<MessageWording> {
    if (job.kind === 'message') return messageWording(job.message, Math.max(1, unread), previews)
    const notice = noticeOf(job.message)
    const caller = previews ? job.message.nick || (await nickOf(deps.db, job.message.from)) : ''
    return notice.kind === 'callEnd' ? missedCallWording(notice.signal, caller, previews) : messageWording(job.message, 1, false)
  }

  async function run(job: NoticeJob): Promise<void> {
    if ((await deps.presence.online([job.to])).has(job.to)) return void (counts.skipped += 1)
    const target = await claimNotice(deps.db, job.to, job.templateId, job.message.from)
    if (!target) return void (counts.skipped += 1)
    if (!shouldNotifyMessage({ ...target, online: false, mentioned: false })) {
      await returnNotice(deps.db, job.to, job.templateId)
      return void (counts.skipped += 1)
    }
    const words = await wording(job, target.unread, target.showPreviews)
    try {
      await deps.api.sendSubscribeMessage({
        touser: target.openid,
        templateId: job.templateId,
        page: `pages/messages/index?conversationID=C2C${job.message.from}`,
        data: { [titleKey]: cut(words.title), [textKey]: cut(words.body), [timeKey]: wechatTime(job.message.time * 1000 || Date.now()) },
      })
      counts.sent += 1
    } catch (err) {
      if (err instanceof WechatError && err.errcode === WechatErr.SubscriptionRefused) {
        // WeChat holds no acceptance for this user any more: ours is wrong, not the next message.
        await emptySubscription(deps.db, job.to, job.templateId)
        counts.refused += 1
        deps.log.info({ event: 'wechat notice refused', wtId: job.to, errcode: err.errcode }, 'wechat notice refused')
        return
      }
      await returnNotice(deps.db, job.to, job.templateId)
      counts.failed += 1
      deps.log.warn({ event: 'wechat notice failed', wtId: job.to, err }, 'wechat notice failed')
    }
  }

  const queue = new WorkQueue<NoticeJob>(run, {
    maxPending: 10_000,
    concurrency: 4,
    dropped: () => (counts.dropped += 1),
    failed: (err) => deps.log.warn({ event: 'wechat notice failed', err }, 'wechat notice failed'),
  })

  return {
    observe(topic, event) {
      try {
        for (const job of noticeJobs(deps.config, topic, event)) queue.add(job)
      } catch (err) {
        deps.log.warn({ event: 'wechat notice', err }, 'wechat notice event not understood')
      }
    },
    connected(wtId) {
      void clearNotified(deps.db, wtId).catch((err: unknown) => deps.log.warn({ event: 'wechat notice', err }, 'could not clear the notice mark'))
    },
    counts: () => ({ ...counts }),
    idle: () => queue.idle(),
    close: () => queue.close(),
  }
}
