import { AdminText, type AdminUserDetail, type AdminUserRow, type AuditEntry, type Overview } from '../../../../types/admin.js'
import type { Paged } from '../../../../types/envelope.js'
import type { AppContext } from '../../context.js'
import * as accounts from '../../data/admin/accounts.js'
import { audit, listAudit as auditPage } from '../../data/admin/audit.js'
import { membershipHistory } from '../../data/admin/membership.js'
import { overview as overviewOf } from '../../data/admin/overview.js'
import { findUserById } from '../../data/users.js'
import type { Queryable } from '../../db/Db.js'
import { toAdminUserRow } from '../../domain/admin/accounts.js'
import { notFound } from '../../domain/refusal.js'
import { listSessionDevices } from '../devices.js'
import { promote } from './role.js'

type Ctx = Pick<AppContext, 'db'>

export async function adminUser(q: Queryable, wtId: string): Promise<AdminUserRow> {
  const row = await accounts.accountRow(q, wtId)
  if (!row) throw notFound(AdminText.UserNotFound)
  return toAdminUserRow(row)
}

/** The account named by phone or ID (the command line takes either). */
export async function resolveAccount(q: Queryable, phoneOrId: string): Promise<string> {
  const wtId = await accounts.accountIdOf(q, phoneOrId)
  if (!wtId) throw notFound(AdminText.UserNotFound)
  return wtId
}

/** Search by exact phone or ID, or by part of the nickname; newest accounts first. */
export const searchUsers = (ctx: Ctx, f: { keyword: string; pageNum: number; pageSize: number }): Promise<Paged<AdminUserRow>> => accounts.searchUsers(ctx.db, f)

export async function userDetail(q: Queryable, wtId: string, idleSeconds: number): Promise<AdminUserDetail> {
  const row = await accounts.accountRow(q, wtId)
  if (!row) throw notFound(AdminText.UserNotFound)
  const groups = await accounts.groupsOf(q, wtId)
  const friendCount = await accounts.friendCount(q, wtId)
  return {
    user: toAdminUserRow(row),
    bio: row.bio,
    devices: await listSessionDevices(q, wtId, '', idleSeconds),
    groups,
    friendCount,
    history: (await membershipHistory(q, { wtId, pageNum: 1, pageSize: 50 })).rows,
  }
}

/** The console's operator gives another account the role, in the audit log with the flag before and after. */
export async function promoteByOperator(ctx: Ctx, operator: string, wtId: string): Promise<AdminUserRow> {
  const before = await adminUser(ctx.db, wtId)
  await promote(ctx.db, wtId)
  const after = await adminUser(ctx.db, wtId)
  await audit(ctx.db, operator, 'promote', wtId, { operator: before.operator }, { operator: after.operator })
  return after
}

/** The console's own operator, by name. */
export async function operatorName(ctx: Ctx, wtId: string): Promise<{ wtId: string; nickName: string }> {
  const me = await findUserById(ctx.db, wtId)
  return { wtId, nickName: me?.nick_name ?? '' }
}

/** Totals and per-day series of the last `days` days (UTC days). */
export const overview = (ctx: Ctx, days: number, onlineConnections: number): Promise<Overview> => overviewOf(ctx.db, days, onlineConnections)

export const listAudit = (ctx: Ctx, f: { pageNum: number; pageSize: number; target: string; operator: string }): Promise<Paged<AuditEntry>> => auditPage(ctx.db, f)
