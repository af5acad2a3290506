import { AdminText } from '../../../../types/admin.js'
import type { Queryable } from '../../db/Db.js'
import { forbidden, notFound } from '../refusal.js'

/** The columns of a users row that decide the operator role. */
export interface RoleColumns {
  is_operator: boolean
  phone: string
  action_status: number
}

/**
 * The operator role: the is_operator flag (set by `npm run admin -- promote`) or a phone listed
 * in ADMIN_PHONES (read at start-up). A closed account holds no role.
 */
export function holdsOperatorRole(r: RoleColumns, adminPhones: readonly string[]): boolean {
  return r.action_status === 0 && (r.is_operator || adminPhones.includes(r.phone))
}

export async function isOperator(q: Queryable, wtId: string, adminPhones: readonly string[]): Promise<boolean> {
  const { rows } = await q.query<RoleColumns>('SELECT is_operator, phone, action_status FROM users WHERE wt_id = $1', [wtId])
  const r = rows[0]
  return Boolean(r && holdsOperatorRole(r, adminPhones))
}

export async function requireOperatorRole(q: Queryable, wtId: string, adminPhones: readonly string[]): Promise<void> {
  if (!(await isOperator(q, wtId, adminPhones))) throw forbidden(AdminText.Forbidden)
}

/** Gives the account named by phone or ID the operator role; answers its ID. */
export async function promote(q: Queryable, phoneOrId: string): Promise<string> {
  const { rows } = await q.query<{ wt_id: string }>(
    `UPDATE users SET is_operator = TRUE WHERE (phone = $1 OR wt_id = $1) AND action_status = 0 AND phone NOT LIKE 'system:%' RETURNING wt_id`,
    [phoneOrId],
  )
  if (!rows[0]) throw notFound(AdminText.UserNotFound)
  return rows[0].wt_id
}

/**
 * Takes the operator role from the account named by phone or ID; answers its ID. A phone listed in
 * ADMIN_PHONES keeps the role from the configuration, so `listed` tells the caller it still has it.
 */
export async function demote(q: Queryable, phoneOrId: string, adminPhones: readonly string[]): Promise<{ wtId: string; listed: boolean }> {
  const { rows } = await q.query<{ wt_id: string; phone: string }>(
    `UPDATE users SET is_operator = FALSE WHERE (phone = $1 OR wt_id = $1) AND phone NOT LIKE 'system:%' RETURNING wt_id, phone`,
    [phoneOrId],
  )
  if (!rows[0]) throw notFound(AdminText.UserNotFound)
  return { wtId: rows[0].wt_id, listed: adminPhones.includes(rows[0].phone) }
}
