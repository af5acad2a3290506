import type { Queryable } from '../db/Db.js'
import { hashToken, newToken } from './tokens.js'

export interface SessionInfo {
  wtId: string
  tokenHash: string
}

export async function createSession(db: Queryable, wtId: string, deviceId: string, userAgent: string): Promise<string> {
  const token = newToken()
  await db.query('INSERT INTO sessions (token_hash, wt_id, device_id, user_agent) VALUES ($1, $2, $3, $4)', [
    hashToken(token),
    wtId,
    deviceId.slice(0, 128),
    userAgent.slice(0, 256),
  ])
  return token
}

/** The live session a token belongs to, or null when it is unknown or revoked. */
export async function findSession(db: Queryable, token: string): Promise<SessionInfo | null> {
  const tokenHash = hashToken(token)
  const { rows } = await db.query<{ wt_id: string; action_status: number }>(
    `SELECT s.wt_id, u.action_status FROM sessions s JOIN users u ON u.wt_id = s.wt_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
    [tokenHash],
  )
  const row = rows[0]
  if (!row || row.action_status !== 0) return null
  return { wtId: row.wt_id, tokenHash }
}

export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash])
}

/** Revokes every live session of a user except `keep`; returns the revoked token hashes. */
export async function revokeUserSessions(db: Queryable, wtId: string, keep: string | null = null): Promise<string[]> {
  const { rows } = await db.query<{ token_hash: string }>(
    `UPDATE sessions SET revoked_at = now()
     WHERE wt_id = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR token_hash <> $2)
     RETURNING token_hash`,
    [wtId, keep],
  )
  return rows.map((r) => r.token_hash)
}
