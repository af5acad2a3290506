import { AdminText, DELETED_ACCOUNT_NAME, type AdminReport, type AdminUserRow, type ModerationKind, type ModerationLists, type ReportHandleBody } from '../../../../types/admin.js'
import { ResultCode } from '../../../../types/codes.js'
import type { AppContext } from '../../context.js'
import { closeOwnAccount } from '../../data/accountDeletion.js'
import { newEffects, outcome, record, type Effects, type Outcome } from '../effects.js'
import { addModerationEntry, moderationLists, removeModerationEntry } from '../../data/moderation.js'
import { MODERATION_TOPIC } from '../../domain/moderation.js'
import { Refusal, badRequest, conflict, forbidden } from '../../domain/refusal.js'
import { revokeUserSessions } from '../../data/sessions.js'
import { newToken } from '../../domain/tokens.js'
import { findUserById } from '../../data/users.js'
import { defaultAvatar } from '../../domain/users.js'
import { clearRestrictions, setBan, setDeactivated } from '../../data/admin/accounts.js'
import { audit } from '../../data/admin/audit.js'
import { adminUser } from './accounts.js'
import { closeReport, getReport } from './reports.js'
import { serverMsgId } from '../../domain/serverMsgIds.js'

/** What the lifecycle needs: the database, the bus (to reach sockets) and the send path (helper notices). */
export type AdminCtx = Pick<AppContext, 'db' | 'bus' | 'log' | 'moderation' | 'config'> & Partial<Pick<AppContext, 'sfu' | 'metrics' | 'imSecret'>>

/**
 * The account lifecycle an operator (or the user) drives: ban, deactivate, force logout, restore,
 * delete, and the handling of reports. Each use case writes through the database, leaves an
 * audit entry, and returns what the account's devices and the people concerned must hear: helper
 * notices (a courtesy: the action stands whether or not one is delivered), calls ended in the
 * account's name, and sessions told they are over.
 */

const fmt = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') + ' (UTC)' : '')

/**
 * Ends every session of the account: later calls answer `code`; its sockets hear -2 with `msg`,
 * and then its calls are closed in its name (a device in a call hears why before the call ends).
 */
async function endSessions(ctx: AdminCtx, fx: Effects, wtId: string, code: number, msg: string): Promise<void> {
  const revoked = await revokeUserSessions(ctx.db, wtId, null, { code, msg })
  record(fx, { kind: 'kick', wtId, sessions: revoked, msg, fatal: true }, { kind: 'endCalls', wtId })
}

/**
 * A ban: the rule (a deleted account cannot be banned), the write (the ban until `days` from now),
 * the audit entry, and the effect: the helper tells the account until when, and why.
 */
export async function banUser(ctx: AdminCtx, operator: string, wtId: string, days: number, reason: string): Promise<Outcome<AdminUserRow>> {
  const before = await adminUser(ctx.db, wtId)
  if (before.state === 'deleted') throw conflict(AdminText.Deleted)
  await setBan(ctx.db, wtId, days, reason)
  const after = await adminUser(ctx.db, wtId)
  await audit(ctx.db, operator, 'ban', wtId, before, after)
  const why = reason ? `，原因：${reason}` : ''
  const text = `你的账号已被封禁至 ${fmt(after.bannedUntil)}${why}。${AdminText.BannedSend}。`
  return outcome(after, record(newEffects(), { kind: 'helperNotice', to: wtId, key: serverMsgId('ban', newToken(12)), text }))
}

export async function deactivateUser(ctx: AdminCtx, operator: string, wtId: string, reason: string): Promise<Outcome<AdminUserRow>> {
  const before = await adminUser(ctx.db, wtId)
  if (before.state === 'deleted') throw conflict(AdminText.Deleted)
  await setDeactivated(ctx.db, wtId)
  const fx = newEffects()
  await endSessions(ctx, fx, wtId, ResultCode.AccountDisabled, reason ? `${AdminText.Deactivated}：${reason}` : AdminText.Deactivated)
  const after = await adminUser(ctx.db, wtId)
  await audit(ctx.db, operator, 'deactivate', wtId, before, { ...after, reason })
  return outcome(after, fx)
}

export async function forceLogout(ctx: AdminCtx, operator: string, wtId: string, reason: string): Promise<Outcome<AdminUserRow>> {
  const user = await adminUser(ctx.db, wtId)
  const fx = newEffects()
  await endSessions(ctx, fx, wtId, ResultCode.SessionKicked, reason ? `${AdminText.ForcedLogout}：${reason}` : AdminText.ForcedLogout)
  await audit(ctx.db, operator, 'forceLogout', wtId, null, { reason })
  return outcome(user, fx)
}

export async function restoreUser(ctx: AdminCtx, operator: string, wtId: string): Promise<AdminUserRow> {
  const before = await adminUser(ctx.db, wtId)
  if (before.state === 'deleted') throw conflict('已注销的账号无法恢复')
  await clearRestrictions(ctx.db, wtId)
  const after = await adminUser(ctx.db, wtId)
  await audit(ctx.db, operator, 'restore', wtId, before, after)
  return after
}

/**
 * The user deletes their own account, confirmed with the password. The profile becomes
 * DELETED_ACCOUNT_NAME (so their messages stay in others' histories under that name), the phone
 * is freed, contacts, favorites, phrases, moments and conversation groups go, ordinary group
 * memberships end, and every session ends with 11016.
 */
export async function deleteOwnAccount(ctx: AdminCtx & Pick<AppContext, 'passwords'>, wtId: string, pwd: string): Promise<Outcome<void>> {
  const user = await findUserById(ctx.db, wtId)
  if (!user || user.action_status !== 0) throw new Refusal(ResultCode.AccountDeleted, AdminText.Deleted)
  if (!(await ctx.passwords.verify(pwd, user.pwd_hash))) throw badRequest(AdminText.WrongPassword)
  await ctx.db.tx(async (q) => {
    await closeOwnAccount(q, wtId, DELETED_ACCOUNT_NAME, defaultAvatar(`deleted-${wtId}`))
    await audit(q, wtId, 'deleteAccount', wtId, null, null)
  })
  const fx = newEffects()
  await endSessions(ctx, fx, wtId, ResultCode.AccountDeleted, AdminText.Deleted)
  return outcome(undefined, fx)
}

const RESULT_TEXT = {
  dismiss: '经核实，暂未发现违规行为',
  warn: '已对被举报方发出警告',
  ban: '已对被举报方作出封禁处理',
} as const

/** Dismiss, warn (the helper tells the reported account) or ban; the reporter hears the result. */
export async function handleReport(ctx: AdminCtx, operator: string, b: ReportHandleBody): Promise<Outcome<AdminReport>> {
  const before = await getReport(ctx.db, b.id)
  if (before.status !== 'open') throw conflict(AdminText.ReportHandled)
  const target = before.targetWtId
  if (target === operator) throw forbidden(AdminText.ReportAgainstSelf)
  if (b.action !== 'dismiss' && !target) throw badRequest('被举报方不存在')
  const status = b.action === 'dismiss' ? 'dismissed' : b.action === 'warn' ? 'warned' : 'banned'
  await ctx.db.tx((q) => closeReport(q, b.id, operator, status, RESULT_TEXT[b.action]))
  const fx = newEffects()
  if (b.action === 'warn') {
    const what = before.targetType === 0 ? '你的账号' : `你的群聊「${before.targetName}」`
    const text = `【警告】${what}被举报「${before.typeLabel}」，经核实存在违规。${b.message || '请遵守社区规范，再次违规将被封禁。'}`
    record(fx, { kind: 'helperNotice', to: target!, key: serverMsgId('warn', String(b.id)), text })
  }
  if (b.action === 'ban') record(fx, ...(await banUser(ctx, operator, target!, b.banDays, b.message || before.typeLabel)).effects.events)
  const after = await getReport(ctx.db, b.id)
  await audit(ctx.db, operator, `report.${b.action}`, String(b.id), { status: before.status }, { status: after.status, result: after.result, target })
  const text = `你对「${before.targetName}」的举报已处理：${after.result}。感谢你的反馈。`
  return outcome(after, record(fx, { kind: 'helperNotice', to: before.reporterWtId, key: serverMsgId('report', `done-${b.id}`), text }))
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
