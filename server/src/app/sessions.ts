import type { AppContext } from '../context.js'
import { moveSubscriptions } from '../data/push.js'
import * as sessions from '../data/sessions.js'
import type { Queryable } from '../db/Db.js'
import type { ClientInfo } from '../domain/clientInfo.js'
import { printable, TOUCH_EVERY_S, type SessionEnd, type SessionInfo, type SessionUse } from '../domain/sessions.js'
import { hashToken, newToken } from '../domain/tokens.js'

/**
 * A new session for a user who just proved who they are; answers its token (stored only hashed).
 * A login from a device that already has a live session of this user replaces it: the device keeps
 * one token (its tabs share it), so 登录设备 keeps one entry for it and its Web Push goes on.
 */
export async function createSession(db: Queryable, wtId: string, client: ClientInfo): Promise<string> {
  const token = newToken()
  const tokenHash = hashToken(token)
  const deviceId = printable(client.deviceId, 128)
  // Read before the insert, so two logins racing from one device never revoke each other.
  const replaced = deviceId ? await sessions.deviceSessions(db, wtId, deviceId) : []
  await sessions.insertSession(db, {
    tokenHash,
    wtId,
    deviceId,
    userAgent: printable(client.userAgent, 256),
    address: printable(client.ip, 64),
  })
  if (replaced.length > 0) {
    await moveSubscriptions(db, replaced, tokenHash)
    await sessions.revokeSessions(db, wtId, replaced)
  }
  await sessions.recordActivity(db, wtId)
  return token
}

/**
 * The live session a token belongs to, or null when it is unknown, revoked or idle for longer
 * than `use.idleSeconds` (an idle session is revoked on the spot). A use refreshes last_seen_at
 * and the address at most once a minute.
 */
export async function findSession(db: Queryable, token: string, use: SessionUse): Promise<SessionInfo | null> {
  const tokenHash = hashToken(token)
  const row = await sessions.checkSession(db, tokenHash, use.idleSeconds, TOUCH_EVERY_S)
  if (!row || row.action_status !== 0) return null
  if (row.idle) {
    await sessions.revokeSession(db, tokenHash)
    return null
  }
  if (row.stale) {
    await sessions.touchSession(db, tokenHash, printable(use.address, 64))
    // Daily active users for the console's overview, written at the same once-a-minute pace.
    await sessions.recordActivity(db, row.wt_id)
  }
  return { wtId: row.wt_id, tokenHash }
}

/** Why a dead token's session ended, when an operator or the account's end ended it. */
export const sessionEnd = (ctx: Pick<AppContext, 'db'>, token: string): Promise<SessionEnd | null> => sessions.sessionEnd(ctx.db, token)

/** Log out this device. */
export const endSession = (ctx: Pick<AppContext, 'db'>, tokenHash: string): Promise<void> => sessions.revokeSession(ctx.db, tokenHash)

/** Log out everywhere: answers the ended sessions' token hashes. */
export const endAllSessions = (ctx: Pick<AppContext, 'db'>, wtId: string): Promise<string[]> => sessions.revokeUserSessions(ctx.db, wtId)
