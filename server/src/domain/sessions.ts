import type { Queryable } from '../db/Db.js'
import type { ClientInfo } from './login.js'
import { hashToken, newToken } from './tokens.js'

export interface SessionInfo {
  wtId: string
  tokenHash: string
}

/** How long a session may go unused, and where it is being used from now. */
export interface SessionUse {
  idleSeconds: number
  address: string
}

/** last_seen_at is written at most this often per session, so reads do not turn into a write each. */
const TOUCH_EVERY_S = 60

/** Control characters are dropped from what the client says about itself; it is shown back in the device list. */
const printable = (s: string, max: number) => s.replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, max)

export async function createSession(db: Queryable, wtId: string, client: ClientInfo): Promise<string> {
  const token = newToken()
  await db.query('INSERT INTO sessions (token_hash, wt_id, device_id, user_agent, address) VALUES ($1, $2, $3, $4, $5)', [
    hashToken(token),
    wtId,
    printable(client.deviceId, 128),
    printable(client.userAgent, 256),
    printable(client.ip, 64),
  ])
  await db.query(`INSERT INTO user_activity (day, wt_id) VALUES ((now() AT TIME ZONE 'UTC')::date, $1) ON CONFLICT DO NOTHING`, [wtId])
  return token
}

/**
 * The live session a token belongs to, or null when it is unknown, revoked or idle for longer
 * than `use.idleSeconds` (an idle session is revoked on the spot). A use refreshes last_seen_at
 * and the address at most once a minute.
 */
export async function findSession(db: Queryable, token: string, use: SessionUse): Promise<SessionInfo | null> {
  const tokenHash = hashToken(token)
  const { rows } = await db.query<{ wt_id: string; action_status: number; idle: boolean; stale: boolean }>(
    `SELECT s.wt_id, u.action_status,
            s.last_seen_at < now() - make_interval(secs => $2) AS idle,
            s.last_seen_at < now() - make_interval(secs => $3) AS stale
     FROM sessions s JOIN users u ON u.wt_id = s.wt_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
    [tokenHash, use.idleSeconds, TOUCH_EVERY_S],
  )
  const row = rows[0]
  if (!row || row.action_status !== 0) return null
  if (row.idle) {
    await revokeSession(db, tokenHash)
    return null
  }
  if (row.stale) {
    await db.query('UPDATE sessions SET last_seen_at = now(), address = $2 WHERE token_hash = $1', [tokenHash, printable(use.address, 64)])
    // Daily active users for the console's overview, written at the same once-a-minute pace.
    await db.query("INSERT INTO user_activity (day, wt_id) VALUES ((now() AT TIME ZONE 'UTC')::date, $1) ON CONFLICT DO NOTHING", [row.wt_id])
  }
  return { wtId: row.wt_id, tokenHash }
}

export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash])
}

/** Why a session ended, when an operator or the account's end ended it: what later calls answer. */
export interface SessionEnd {
  code: number
  msg: string
}

/**
 * Revokes every live session of a user except `keep`; returns the revoked token hashes. With
 * `end`, later calls with those tokens answer its code and message (11013, 11015, 11016).
 */
export async function revokeUserSessions(db: Queryable, wtId: string, keep: string | null = null, end: SessionEnd | null = null): Promise<string[]> {
  const { rows } = await db.query<{ token_hash: string }>(
    `UPDATE sessions SET revoked_at = now(), end_code = $3, end_msg = $4
     WHERE wt_id = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR token_hash <> $2)
     RETURNING token_hash`,
    [wtId, keep, end?.code ?? null, end?.msg ?? null],
  )
  return rows.map((r) => r.token_hash)
}

/** The recorded end of a token's session, if an operator or the account's end revoked it. */
export async function sessionEnd(db: Queryable, token: string): Promise<SessionEnd | null> {
  const { rows } = await db.query<{ end_code: number | null; end_msg: string | null }>('SELECT end_code, end_msg FROM sessions WHERE token_hash = $1', [hashToken(token)])
  const r = rows[0]
  return r && r.end_code !== null ? { code: r.end_code, msg: r.end_msg ?? '' } : null
}

/** The id a device list shows for a session: derived from its token hash, useless for logging in. */
export const sessionPublicId = (tokenHash: string) => hashToken(`device:${tokenHash}`).slice(0, 24)

export interface SessionRow {
  tokenHash: string
  userAgent: string
  address: string
  createdAt: Date
  lastSeenAt: Date
}

/** The user's live sessions that are not idle past `idleSeconds`, most recently used first. */
export async function liveSessions(db: Queryable, wtId: string, idleSeconds: number): Promise<SessionRow[]> {
  const { rows } = await db.query<{ token_hash: string; user_agent: string; address: string; created_at: Date; last_seen_at: Date }>(
    `SELECT token_hash, user_agent, address, created_at, last_seen_at FROM sessions
     WHERE wt_id = $1 AND revoked_at IS NULL AND last_seen_at >= now() - make_interval(secs => $2)
     ORDER BY last_seen_at DESC LIMIT 100`,
    [wtId, idleSeconds],
  )
  return rows.map((r) => ({
    tokenHash: r.token_hash,
    userAgent: r.user_agent,
    address: r.address,
    createdAt: new Date(r.created_at),
    lastSeenAt: new Date(r.last_seen_at),
  }))
}
