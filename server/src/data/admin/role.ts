import type { Queryable } from '../../db/Db.js'
import type { RoleColumns } from '../../domain/admin/role.js'
import { PEOPLE } from './accounts.js'

export async function roleColumns(q: Queryable, wtId: string): Promise<RoleColumns | null> {
  const { rows } = await q.query<RoleColumns>('SELECT is_operator, phone, action_status FROM users WHERE wt_id = $1', [wtId])
  return rows[0] ?? null
}

/** Sets the flag on the open person's account named by phone or ID; answers its ID, or null. */
export async function setOperator(q: Queryable, phoneOrId: string): Promise<string | null> {
  const { rows } = await q.query<{ wt_id: string }>(
    `UPDATE users SET is_operator = TRUE WHERE (phone = $1 OR wt_id = $1) AND action_status = 0 AND ${PEOPLE} RETURNING wt_id`,
    [phoneOrId],
  )
  return rows[0]?.wt_id ?? null
}

/** Clears the flag on the person's account named by phone or ID; answers its ID, or null. */
export async function clearOperator(q: Queryable, phoneOrId: string): Promise<string | null> {
  const { rows } = await q.query<{ wt_id: string; phone: string }>(
    `UPDATE users SET is_operator = FALSE WHERE (phone = $1 OR wt_id = $1) AND ${PEOPLE} RETURNING wt_id, phone`,
    [phoneOrId],
  )
  return rows[0]?.wt_id ?? null
}
