import type { CallConfig } from '../../config.js'
import { isBlacklisted } from '../../data/blacklist.js'
import * as usage from '../../data/calls/limits.js'
import type { Queryable } from '../../db/Db.js'
import { LIMIT_REACHED_TEXT } from '../../domain/calls/limits.js'
import { Refusal, notFound } from '../../domain/refusal.js'

/** The daily call-time limit of non-members (domain/calls/limits.ts), over the usage records. */

export async function isMember(q: Queryable, wtId: string): Promise<boolean> {
  const vipType = await usage.vipTypeOf(q, wtId)
  if (vipType === null) throw notFound('用户不存在')
  return vipType !== 0
}

/** 1 when a non-member has used up today's call time, else 0. */
export async function limitReached(q: Queryable, wtId: string, cfg: CallConfig): Promise<0 | 1> {
  if (await isMember(q, wtId)) return 0
  return (await usage.usedToday(q, wtId, cfg.dayTimeZone)) >= cfg.dailyLimitSeconds ? 1 : 0
}

/** POST /media/call: a call may start; answers the record id the heartbeats name. */
export async function startCallRecord(q: Queryable, wtId: string, acceptWtId: string, callType: number, cfg: CallConfig): Promise<number> {
  if (acceptWtId === wtId) throw new Refusal(400, "acceptWtId: Can't call yourself")
  if (!(await usage.isOpenAccount(q, acceptWtId))) throw notFound('对方账号不存在')
  if (await isBlacklisted(q, acceptWtId, wtId)) throw new Refusal(403, '对方已将你拉黑')
  if ((await limitReached(q, wtId, cfg)) === 1) throw new Refusal(403, LIMIT_REACHED_TEXT)
  return usage.insertCallUsage(q, wtId, acceptWtId, callType)
}

async function report(q: Queryable, wtId: string, callId: number, end: boolean): Promise<void> {
  if (await usage.reportCallUsage(q, wtId, callId, end)) return
  if (!(await usage.callUsageExists(q, wtId, callId))) throw notFound('通话记录不存在')
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
