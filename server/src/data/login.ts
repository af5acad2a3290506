import type { Queryable } from '../db/Db.js'

/** The second step's ticket, stored hashed, valid for `ttlSeconds`. */
export async function insertLoginTicket(q: Queryable, ticketHash: string, wtId: string, ttlSeconds: number): Promise<void> {
  await q.query(`INSERT INTO login_tickets (ticket_hash, wt_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [ticketHash, wtId, ttlSeconds])
}

/** The account of a ticket neither used nor expired, or null. */
export async function liveTicketOwner(q: Queryable, ticketHash: string): Promise<string | null> {
  const { rows } = await q.query<{ wt_id: string }>('SELECT wt_id FROM login_tickets WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > now()', [ticketHash])
  return rows[0]?.wt_id ?? null
}

/** Spends a live ticket; false when it was used or expired meanwhile. */
export async function spendLoginTicket(q: Queryable, ticketHash: string): Promise<boolean> {
  const spent = await q.query('UPDATE login_tickets SET used_at = now() WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > now()', [ticketHash])
  return spent.rowCount === 1
}

export async function insertQrLogin(q: Queryable, code: string, ttlSeconds: number): Promise<void> {
  await q.query(`INSERT INTO qr_logins (code, expires_at) VALUES ($1, now() + make_interval(secs => $2))`, [code, ttlSeconds])
}

/** Codes expired for an hour are of no use to anyone. */
export async function deleteOldQrLogins(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM qr_logins WHERE expires_at < now() - interval '1 hour'`)
}

export type QrRow = { status: string; wt_id: string | null; expired: boolean }

export async function qrLogin(q: Queryable, code: string): Promise<QrRow | null> {
  const { rows } = await q.query<QrRow>('SELECT status, wt_id, expires_at < now() AS expired FROM qr_logins WHERE code = $1', [code])
  return rows[0] ?? null
}

/** Takes a confirmed code once; answers the account it was confirmed for, or null when another poll took it. */
export async function consumeQrLogin(q: Queryable, code: string): Promise<string | null> {
  const taken = await q.query<{ wt_id: string }>(`UPDATE qr_logins SET status = 'consumed' WHERE code = $1 AND status = 'confirmed' RETURNING wt_id`, [code])
  return taken.rows[0]?.wt_id ?? null
}

/** Moves a live code on (scanned, then confirmed) for an account; false when it expired or was taken meanwhile. */
export async function advanceQrLogin(q: Queryable, code: string, to: 'scanned' | 'confirmed', wtId: string): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE qr_logins SET status = $2, wt_id = $3 WHERE code = $1 AND status IN ('pending', 'scanned') AND expires_at > now()`,
    [code, to, wtId],
  )
  return rowCount === 1
}
