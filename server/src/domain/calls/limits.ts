import { createHmac } from 'node:crypto'
import type { CallConfig } from '../../config.js'
import type { Queryable } from '../../db/Db.js'
import type { IceConfig } from '../../../../types/call.js'
import { Refusal, notFound } from '../refusal.js'
import { EFFECTIVE_VIP_TYPE } from '../users.js'

/**
 * The daily call-time limit of non-members (messaging-app section 4 "Calls from the messaging
 * application"). The caller's client reports a call when it connects, every 60 s and at the end;
 * a call counts from its start to its last report, on the calendar day (in the configured time
 * zone) it started. Members (vipType not 0) are never limited.
 */

export const LIMIT_REACHED_TEXT = '今日通话时长已达上限，请开通会员解锁'

export async function isMember(q: Queryable, wtId: string): Promise<boolean> {
  const { rows } = await q.query<{ vip_type: number }>(`SELECT ${EFFECTIVE_VIP_TYPE} AS vip_type FROM users WHERE wt_id = $1`, [wtId])
  if (!rows[0]) throw notFound('用户不存在')
  return rows[0].vip_type !== 0
}

/** Seconds of calls the user started today. */
export async function usedToday(q: Queryable, wtId: string, timeZone: string): Promise<number> {
  const { rows } = await q.query<{ used: number }>(
    `SELECT COALESCE(SUM(EXTRACT(EPOCH FROM (reported_at - started_at))), 0)::float8 AS used
     FROM call_usage
     WHERE wt_id = $1 AND started_at >= (date_trunc('day', now() AT TIME ZONE $2) AT TIME ZONE $2)`,
    [wtId, timeZone],
  )
  return Math.floor(Number(rows[0]?.used ?? 0))
}

/** 1 when a non-member has used up today's call time, else 0. */
export async function limitReached(q: Queryable, wtId: string, cfg: CallConfig): Promise<0 | 1> {
  if (await isMember(q, wtId)) return 0
  return (await usedToday(q, wtId, cfg.dayTimeZone)) >= cfg.dailyLimitSeconds ? 1 : 0
}

/** POST /media/call: a call may start; answers the record id the heartbeats name. */
export async function startCallRecord(q: Queryable, wtId: string, acceptWtId: string, callType: number, cfg: CallConfig): Promise<number> {
  if (acceptWtId === wtId) throw new Refusal(400, "acceptWtId: Can't call yourself")
  const { rows: peer } = await q.query('SELECT 1 FROM users WHERE wt_id = $1 AND action_status = 0', [acceptWtId])
  if (!peer[0]) throw notFound('对方账号不存在')
  const { rows: blocked } = await q.query('SELECT 1 FROM user_blacklist WHERE owner_wt_id = $1 AND target_wt_id = $2', [acceptWtId, wtId])
  if (blocked[0]) throw new Refusal(403, '对方已将你拉黑')
  if ((await limitReached(q, wtId, cfg)) === 1) throw new Refusal(403, LIMIT_REACHED_TEXT)
  const { rows } = await q.query<{ call_id: number }>(
    'INSERT INTO call_usage (wt_id, accept_wt_id, call_type) VALUES ($1, $2, $3) RETURNING call_id::int AS call_id',
    [wtId, acceptWtId, callType],
  )
  return rows[0]!.call_id
}

async function report(q: Queryable, wtId: string, callId: number, end: boolean): Promise<void> {
  const { rows } = await q.query<{ ended: boolean }>(
    `UPDATE call_usage SET reported_at = now(), heartbeats = heartbeats + 1, ended_at = CASE WHEN $3 THEN now() ELSE ended_at END
     WHERE call_id = $1 AND wt_id = $2 AND ended_at IS NULL
     RETURNING true AS ended`,
    [callId, wtId, end],
  )
  if (rows[0]) return
  const { rows: any } = await q.query<{ ended_at: Date | null }>('SELECT ended_at FROM call_usage WHERE call_id = $1 AND wt_id = $2', [callId, wtId])
  if (!any[0]) throw notFound('通话记录不存在')
  // Ended already: a repeated end report is harmless, a heartbeat after the end is not.
  if (!end) throw new Refusal(409, '通话已结束')
}

/** uploadCall: records the elapsed time; answers 1 once the limit is reached (the caller hangs up). */
export async function heartbeat(q: Queryable, wtId: string, callId: number, cfg: CallConfig): Promise<0 | 1> {
  await report(q, wtId, callId, false)
  return limitReached(q, wtId, cfg)
}

/** exitCall: the end report. */
export async function endCallRecord(q: Queryable, wtId: string, callId: number): Promise<0> {
  await report(q, wtId, callId, true)
  return 0
}

/**
 * ICE servers for a user: the STUN URLs, and the TURN URLs with REST credentials (the scheme
 * coturn's use-auth-secret checks: username `{expiry}:{user}`, password base64 HMAC-SHA1).
 */
export function iceConfig(cfg: CallConfig, wtId: string, nowSeconds = Math.floor(Date.now() / 1000)): IceConfig {
  const iceServers: IceConfig['iceServers'] = []
  if (cfg.stunUrls.length) iceServers.push({ urls: cfg.stunUrls })
  if (cfg.turnUrls.length && cfg.turnSecret) {
    const username = `${nowSeconds + cfg.turnTtlSeconds}:${wtId}`
    const credential = createHmac('sha1', cfg.turnSecret).update(username).digest('base64')
    iceServers.push({ urls: cfg.turnUrls, username, credential })
    return { iceServers, ttl: cfg.turnTtlSeconds, sfu: cfg.janus !== null }
  }
  return { iceServers, ttl: 0, sfu: cfg.janus !== null }
}
