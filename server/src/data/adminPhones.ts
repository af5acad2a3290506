import type { Queryable } from '../db/Db.js'

export interface AdminPhoneStart {
  /** Accounts that got the role at this start. */
  granted: string[]
  /** Listed phones that no account held at the first start that listed them: they grant nothing. */
  unclaimed: string[]
}

/**
 * ADMIN_PHONES at start-up. A phone listed for the first time gives the operator role to the
 * account holding it now and is recorded either way; a recorded phone grants nothing more, so
 * registering it later (or again after that account was deleted) never makes an operator. A
 * phone taken off the list is forgotten, and listing it again is a new first time.
 */
export async function applyAdminPhones(q: Queryable, phones: readonly string[]): Promise<AdminPhoneStart> {
  await q.query('DELETE FROM admin_phone_grants WHERE NOT (phone = ANY($1::text[]))', [[...phones]])
  const { rows: fresh } = await q.query<{ phone: string; wt_id: string | null }>(
    `INSERT INTO admin_phone_grants (phone, wt_id)
     SELECT p, (SELECT wt_id FROM users WHERE phone = p AND action_status = 0) FROM unnest($1::text[]) AS p
     ON CONFLICT (phone) DO NOTHING
     RETURNING phone, wt_id`,
    [[...phones]],
  )
  const granted = fresh.flatMap((r) => (r.wt_id ? [r.wt_id] : []))
  if (granted.length) await q.query('UPDATE users SET is_operator = TRUE WHERE wt_id = ANY($1::text[])', [granted])
  const { rows: unclaimed } = await q.query<{ phone: string }>('SELECT phone FROM admin_phone_grants WHERE wt_id IS NULL ORDER BY phone')
  return { granted, unclaimed: unclaimed.map((r) => r.phone) }
}
