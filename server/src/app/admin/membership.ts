import { AdminText, type AdminUserRow, type CodesCreateBody, type GrantBody, type MemberCentre, type MembershipEvent, type RedeemCode } from '../../../../types/admin.js'
import type { Paged } from '../../../../types/envelope.js'
import { MEMBER_UPLOAD_FACTOR, type Membership } from '../../../../types/member.js'
import type { AppContext } from '../../context.js'
import { audit } from '../../data/admin/audit.js'
import * as membership from '../../data/admin/membership.js'
import type { Db, Queryable } from '../../db/Db.js'
import { batchName, csvLines, grantedState, membershipOf, newCode, normalizeCode, redeemedState, type MemberState } from '../../domain/admin/membership.js'
import { Refusal, badRequest, notFound } from '../../domain/refusal.js'
import { adminUser } from './accounts.js'

type Ctx = Pick<AppContext, 'db'>

async function memberState(q: Queryable, wtId: string, lock = false): Promise<MemberState> {
  const s = await membership.memberState(q, wtId, lock)
  if (!s) throw notFound(AdminText.UserNotFound)
  return s
}

/** An operator sets the membership; vipType 0 ends it. Answers the state before and after (for the audit log). */
export async function grantMembership(db: Db, operator: string, b: GrantBody): Promise<{ before: Membership; after: Membership }> {
  if (b.expiresAt !== null && b.vipType !== 0 && new Date(b.expiresAt).getTime() <= Date.now()) throw badRequest('expiresAt: 到期时间应晚于现在')
  return db.tx(async (q) => {
    const before = await memberState(q, b.wtId, true)
    const after = grantedState(b)
    await membership.setMembership(q, b.wtId, after)
    await membership.recordMembership(q, b.wtId, b.vipType === 0 ? 'revoke' : 'grant', after, operator)
    return { before: membershipOf(before), after: membershipOf(after) }
  })
}

/** The console's grant: the change, its audit entry, and the account as it reads now. */
export async function grantByOperator(ctx: Ctx, operator: string, b: GrantBody): Promise<AdminUserRow> {
  const change = await grantMembership(ctx.db, operator, b)
  await audit(ctx.db, operator, 'membership.grant', b.wtId, change.before, change.after)
  return adminUser(ctx.db, b.wtId)
}

/**
 * Spends a code once (data/admin/membership.ts spendCode) and adds its days to the membership
 * (domain/admin/membership.ts redeemedState).
 */
export async function redeemCode(db: Db, wtId: string, typed: string): Promise<void> {
  const code = normalizeCode(typed)
  if (!code) throw badRequest(AdminText.CodeInvalid)
  await db.tx(async (q) => {
    const spent = await membership.spendCode(q, code, wtId)
    if (!spent) throw new Refusal(400, (await membership.codeExists(q, code)) ? AdminText.CodeUsed : AdminText.CodeInvalid)
    const after = redeemedState(await memberState(q, wtId, true), spent.vip_level, spent.days)
    await membership.setMembership(q, wtId, after)
    await membership.recordMembership(q, wtId, 'code', after, '', code)
  })
}

export const membershipHistory = (ctx: Ctx, f: { wtId: string; pageNum: number; pageSize: number }): Promise<Paged<MembershipEvent>> => membership.membershipHistory(ctx.db, f)

export async function memberCentre(q: Queryable, wtId: string, limits: { dailyCallSeconds: number; uploadBytesPerHour: number }): Promise<MemberCentre> {
  const s = await memberState(q, wtId)
  const mb = limits.uploadBytesPerHour / (1024 * 1024)
  return {
    membership: membershipOf(s),
    active: s.vip_type !== 0,
    history: (await membership.membershipHistory(q, { wtId, pageNum: 1, pageSize: 50 })).rows,
    dailyCallLimitSeconds: limits.dailyCallSeconds,
    uploadMbPerHour: { regular: mb, member: mb * MEMBER_UPLOAD_FACTOR },
  }
}

/** `count` fresh codes in one batch (named after its time and level). */
export async function createCodes(db: Db, operator: string, b: CodesCreateBody): Promise<RedeemCode[]> {
  const batch = batchName(b)
  const codes = new Set<string>()
  while (codes.size < b.count) codes.add(newCode())
  return membership.insertCodes(db, [...codes], batch, b, operator)
}

/** The console's code batch, in the audit log with what was asked and how many were made. */
export async function createCodesByOperator(ctx: Ctx, operator: string, b: CodesCreateBody): Promise<RedeemCode[]> {
  const codes = await createCodes(ctx.db, operator, b)
  await audit(ctx.db, operator, 'codes.create', codes[0]?.batch ?? '', null, { ...b, created: codes.length })
  return codes
}

export const listCodes = (ctx: Ctx, f: { batch: string; pageNum: number; pageSize: number }): Promise<Paged<RedeemCode>> => membership.listCodes(ctx.db, f)

export async function codesCsv(q: Queryable, batch: string): Promise<string> {
  const rows = await membership.codesOf(q, batch)
  return csvLines([['code', 'batch', 'vipLevel', 'days', 'createdAt', 'redeemedBy', 'redeemedAt'], ...rows.map((c) => [c.code, c.batch, c.vipLevel, c.days, c.createdAt, c.redeemedBy, c.redeemedAt])])
}

/** The console's CSV of a batch (of every batch for ''), in the audit log. */
export async function exportCodes(ctx: Ctx, operator: string, batch: string): Promise<string> {
  await audit(ctx.db, operator, 'codes.export', batch, null, null)
  return codesCsv(ctx.db, batch)
}
