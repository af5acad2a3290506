import type { Queryable } from '../db/Db.js'
import type { SessionEnd, SessionRow } from '../domain/sessions.js'
import { hashToken } from '../domain/tokens.js'

export interface NewSession {
  tokenHash: string
  wtId: string
  deviceId: string
  userAgent: string
  address: string
}

export async function insertSession(db: Queryable, s: NewSession): Promise<void> {
  await db.query('INSERT INTO sessions (token_hash, wt_id, device_id, user_agent, address) VALUES ($1, $2, $3, $4, $5)', [
    s.tokenHash,
    s.wtId,
    s.deviceId,
    s.userAgent,
    s.address,
  ])
}

/** The user's live sessions opened from `deviceId` (the browser's or mini-program's stored ID). */
export async function deviceSessions(db: Queryable, wtId: string, deviceId: string): Promise<string[]> {
  const { rows } = await db.query<{ token_hash: string }>(
    'SELECT token_hash FROM sessions WHERE wt_id = $1 AND device_id = $2 AND revoked_at IS NULL',
    [wtId, deviceId],
  )
  return rows.map((r) => r.token_hash)
}

/** Revokes the listed sessions of a user. */
export async function revokeSessions(db: Queryable, wtId: string, tokenHashes: string[]): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE wt_id = $1 AND token_hash = ANY($2::text[]) AND revoked_at IS NULL', [wtId, tokenHashes])
}

/** Daily active users for the console's overview: one row a user a UTC day. */
export async function recordActivity(db: Queryable, wtId: string): Promise<void> {
  await db.query(`INSERT INTO user_activity (day, wt_id) VALUES ((now() AT TIME ZONE 'UTC')::date, $1) ON CONFLICT DO NOTHING`, [wtId])
}

export interface LiveSessionCheck {
  wt_id: string
  action_status: number
  /** Unused for longer than the idle limit. */
  idle: boolean
  /** last_seen_at is older than the touch interval. */
  stale: boolean
}

export async function checkSession(db: Queryable, tokenHash: string, idleSeconds: number, touchEverySeconds: number): Promise<LiveSessionCheck | null> {
  const { rows } = await db.query<LiveSessionCheck>(
    `SELECT s.wt_id, u.action_status,
            s.last_seen_at < now() - make_interval(secs => $2) AS idle,
            s.last_seen_at < now() - make_interval(secs => $3) AS stale
     FROM sessions s JOIN users u ON u.wt_id = s.wt_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
    [tokenHash, idleSeconds, touchEverySeconds],
  )
  return rows[0] ?? null
}

export async function touchSession(db: Queryable, tokenHash: string, address: string): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = now(), address = $2 WHERE token_hash = $1', [tokenHash, address])
}

export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash])
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

/** Many sessions at once, a thousand to a statement; a token hash already stored is skipped. */
export async function insertSessions(db: Queryable, sessions: ReadonlyArray<Omit<NewSession, 'address'>>): Promise<void> {
  for (let i = 0; i < sessions.length; i += 1000) {
    const params: unknown[] = []
    const tuples = sessions.slice(i, i + 1000).map((s) => {
      params.push(s.tokenHash, s.wtId, s.deviceId, s.userAgent)
      const at = params.length - 4
      return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4})`
    })
    await db.query(`INSERT INTO sessions (token_hash, wt_id, device_id, user_agent) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`, params)
  }
}
