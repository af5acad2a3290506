import { AdminText, DELETED_ACCOUNT_NAME, type AdminReport, type AdminUserRow, type ModerationKind, type ModerationLists, type ReportHandleBody } from '../../../../types/admin.js'
import { ResultCode } from '../../../../types/codes.js'
import { NoticeType } from '../../../../types/ws.js'
import type { AppContext } from '../../context.js'
import { endCallsOf } from '../../realtime/calls.js'
import { helperNotice } from '../../realtime/helperEvents.js'
import { addModerationEntry, moderationLists, MODERATION_TOPIC, removeModerationEntry } from '../moderation.js'
import { kickSessions } from '../notify.js'
import { verifyPassword } from '../passwords.js'
import { Refusal, badRequest, conflict } from '../refusal.js'
import { revokeUserSessions } from '../sessions.js'
import { newToken } from '../tokens.js'
import { defaultAvatar, findUserById } from '../users.js'
import { adminUser, clearRestrictions, setBan, setDeactivated } from './accounts.js'
import { audit } from './audit.js'
import { closeReport, getReport } from './reports.js'
import { serverMsgId } from '../serverMsgIds.js'

/** What the lifecycle needs: the database, the bus (to reach sockets) and the send path (helper notices). */
export type AdminCtx = Pick<AppContext, 'db' | 'bus' | 'log' | 'moderation' | 'config'> & Partial<Pick<AppContext, 'sfu' | 'metrics' | 'imSecret'>>

/**
 * A helper notice is a courtesy: the action it reports has happened whether or not it can be
 * delivered (the user may have blacklisted the helper), so a refusal is logged, not thrown.
 */
async function notify(ctx: AdminCtx, to: string, key: string, text: string): Promise<void> {
  await helperNotice(ctx, to, key, text).catch((err) => ctx.log.warn({ err, to, key }, 'helper notice not delivered'))
}

const fmt = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') + ' (UTC)' : '')
const phones = (ctx: AdminCtx) => ctx.config.adminPhones

/** Ends every session of the account: -2 with `msg` on its sockets, then `code` on later calls. */
async function endSessions(ctx: AdminCtx, wtId: string, code: number, msg: string): Promise<void> {
  const revoked = await revokeUserSessions(ctx.db, wtId, null, { code, msg })
  await endCallsOf(ctx as AppContext, wtId).catch((err) => ctx.log.warn({ err, wtId }, 'ending the calls of a closed account failed'))
  await kickSessions(ctx, wtId, revoked, msg, NoticeType.FatalError)
}

export async function banUser(ctx: AdminCtx, operator: string, wtId: string, days: number, reason: string): Promise<AdminUserRow> {
  const before = await adminUser(ctx.db, wtId, phones(ctx))
  if (before.state === 'deleted') throw conflict(AdminText.Deleted)
  await setBan(ctx.db, wtId, days, reason)
  const after = await adminUser(ctx.db, wtId, phones(ctx))
  await audit(ctx.db, operator, 'ban', wtId, before, after)
  const why = reason ? `，原因：${reason}` : ''
  await notify(ctx, wtId, serverMsgId('ban', newToken(12)), `你的账号已被封禁至 ${fmt(after.bannedUntil)}${why}。${AdminText.BannedSend}。`)
  return after
}

export async function deactivateUser(ctx: AdminCtx, operator: string, wtId: string, reason: string): Promise<AdminUserRow> {
  const before = await adminUser(ctx.db, wtId, phones(ctx))
  if (before.state === 'deleted') throw conflict(AdminText.Deleted)
  await setDeactivated(ctx.db, wtId)
  await endSessions(ctx, wtId, ResultCode.AccountDisabled, reason ? `${AdminText.Deactivated}：${reason}` : AdminText.Deactivated)
  const after = await adminUser(ctx.db, wtId, phones(ctx))
  await audit(ctx.db, operator, 'deactivate', wtId, before, { ...after, reason })
  return after
}

export async function forceLogout(ctx: AdminCtx, operator: string, wtId: string, reason: string): Promise<AdminUserRow> {
  const user = await adminUser(ctx.db, wtId, phones(ctx))
  await endSessions(ctx, wtId, ResultCode.SessionKicked, reason ? `${AdminText.ForcedLogout}：${reason}` : AdminText.ForcedLogout)
  await audit(ctx.db, operator, 'forceLogout', wtId, null, { reason })
  return user
}

export async function restoreUser(ctx: AdminCtx, operator: string, wtId: string): Promise<AdminUserRow> {
  const before = await adminUser(ctx.db, wtId, phones(ctx))
  if (before.state === 'deleted') throw conflict('已注销的账号无法恢复')
  await clearRestrictions(ctx.db, wtId)
  const after = await adminUser(ctx.db, wtId, phones(ctx))
  await audit(ctx.db, operator, 'restore', wtId, before, after)
  return after
}

/**
 * The user deletes their own account, confirmed with the password. The profile becomes
 * DELETED_ACCOUNT_NAME (so their messages stay in others' histories under that name), the phone
 * is freed, contacts, favorites, phrases, moments and conversation groups go, ordinary group
 * memberships end, and every session ends with 11016.
 */
export async function deleteOwnAccount(ctx: AdminCtx, wtId: string, pwd: string): Promise<void> {
  const user = await findUserById(ctx.db, wtId)
  if (!user || user.action_status !== 0) throw new Refusal(ResultCode.AccountDeleted, AdminText.Deleted)
  if (!(await verifyPassword(pwd, user.pwd_hash))) throw badRequest(AdminText.WrongPassword)
  await ctx.db.tx(async (q) => {
    await q.query(
      `UPDATE users SET action_status = 1, closed_by = 'self', closed_at = now(), nick_name = $2, avatar = $3, bio = '',
         phone = 'deleted:' || wt_id, pwd_hash = '!', lock_pwd_hash = NULL, lock_pwd_tips = '',
         vip_type = 0, vip_level = 0, vip_expires_at = NULL, is_operator = FALSE
       WHERE wt_id = $1`,
      [wtId, DELETED_ACCOUNT_NAME, defaultAvatar(`deleted-${wtId}`)],
    )
    for (const sql of [
      'DELETE FROM friendships WHERE owner_wt_id = $1 OR friend_wt_id = $1',
      'DELETE FROM friend_applications WHERE applicant_wt_id = $1 OR target_wt_id = $1',
      'DELETE FROM user_blacklist WHERE owner_wt_id = $1',
      'DELETE FROM user_tags WHERE owner_wt_id = $1',
      'DELETE FROM user_tag_members WHERE wt_id = $1',
      'DELETE FROM user_collections WHERE wt_id = $1',
      'DELETE FROM user_daily_words WHERE wt_id = $1',
      'DELETE FROM moments WHERE author_wt_id = $1',
      'DELETE FROM session_groups WHERE owner_wt_id = $1',
      // Ending a membership rewrites its group's row (the member version, 017). Group operations lock
      // that row before member rows, so the rows are taken here first, in one order, not after.
      'SELECT 1 FROM groups WHERE group_id IN (SELECT group_id FROM group_members WHERE wt_id = $1 AND left_at IS NULL AND identity <> 3) ORDER BY group_id FOR UPDATE',
      // An owner's group keeps its owner row (a group always has one); every other membership ends.
      'UPDATE group_members SET left_at = now() WHERE wt_id = $1 AND left_at IS NULL AND identity <> 3',
    ]) {
      await q.query(sql, [wtId])
    }
    await audit(q, wtId, 'deleteAccount', wtId, null, null)
  })
  await endSessions(ctx, wtId, ResultCode.AccountDeleted, AdminText.Deleted)
}

/** The reporter's notice when the report is filed (spec section 8). */
export async function thankReporter(ctx: AdminCtx, reporter: string, reportId: number): Promise<void> {
  await notify(ctx, reporter, serverMsgId('report', String(reportId)), AdminText.ReportThanks)
}

const RESULT_TEXT = {
  dismiss: '经核实，暂未发现违规行为',
  warn: '已对被举报方发出警告',
  ban: '已对被举报方作出封禁处理',
} as const

/** Dismiss, warn (the helper tells the reported account) or ban; the reporter hears the result. */
export async function handleReport(ctx: AdminCtx, operator: string, b: ReportHandleBody): Promise<AdminReport> {
  const before = await getReport(ctx.db, b.id)
  if (before.status !== 'open') throw conflict(AdminText.ReportHandled)
  const target = before.targetWtId
  if (b.action !== 'dismiss' && !target) throw badRequest('被举报方不存在')
  const status = b.action === 'dismiss' ? 'dismissed' : b.action === 'warn' ? 'warned' : 'banned'
  await ctx.db.tx((q) => closeReport(q, b.id, operator, status, RESULT_TEXT[b.action]))
  if (b.action === 'warn') {
    const what = before.targetType === 0 ? '你的账号' : `你的群聊「${before.targetName}」`
    await notify(ctx, target!, serverMsgId('warn', String(b.id)), `【警告】${what}被举报「${before.typeLabel}」，经核实存在违规。${b.message || '请遵守社区规范，再次违规将被封禁。'}`)
  }
  if (b.action === 'ban') await banUser(ctx, operator, target!, b.banDays, b.message || before.typeLabel)
  const after = await getReport(ctx.db, b.id)
  await audit(ctx.db, operator, `report.${b.action}`, String(b.id), { status: before.status }, { status: after.status, result: after.result, target })
  await notify(ctx, before.reporterWtId, serverMsgId('report', `done-${b.id}`), `你对「${before.targetName}」的举报已处理：${after.result}。感谢你的反馈。`)
  return after
}

/** Adds or removes a moderation entry; every process reloads its lists before its next message. */
export async function editModeration(ctx: AdminCtx, operator: string, op: 'add' | 'remove', kind: ModerationKind, value: string): Promise<ModerationLists> {
  const changed = op === 'add' ? await addModerationEntry(ctx.db, kind, value) : await removeModerationEntry(ctx.db, kind, value)
  if (changed) {
    await audit(ctx.db, operator, `moderation.${op}`, kind, op === 'add' ? null : value, op === 'add' ? value : null)
    await ctx.moderation.reload?.()
    await ctx.bus.publish(MODERATION_TOPIC, {})
  }
  return moderationLists(ctx.db)
}
