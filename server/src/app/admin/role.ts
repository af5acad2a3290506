import { AdminText } from '../../../../types/admin.js'
import { clearOperator, roleColumns, setOperator } from '../../data/admin/role.js'
import type { Queryable } from '../../db/Db.js'
import { holdsOperatorRole } from '../../domain/admin/role.js'
import { forbidden, notFound } from '../../domain/refusal.js'

async function isOperator(q: Queryable, wtId: string): Promise<boolean> {
  const r = await roleColumns(q, wtId)
  return Boolean(r && holdsOperatorRole(r))
}

export async function requireOperatorRole(q: Queryable, wtId: string): Promise<void> {
  if (!(await isOperator(q, wtId))) throw forbidden(AdminText.Forbidden)
}

/** Gives the account named by phone or ID the operator role; answers its ID. */
export async function promote(q: Queryable, phoneOrId: string): Promise<string> {
  const wtId = await setOperator(q, phoneOrId)
  if (!wtId) throw notFound(AdminText.UserNotFound)
  return wtId
}

/** Takes the operator role from the account named by phone or ID (listed in ADMIN_PHONES or not); answers its ID. */
export async function demote(q: Queryable, phoneOrId: string): Promise<string> {
  const wtId = await clearOperator(q, phoneOrId)
  if (!wtId) throw notFound(AdminText.UserNotFound)
  return wtId
}
