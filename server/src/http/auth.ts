import type { FastifyReply, FastifyRequest } from 'fastify'
import { ResultCode } from '../../../types/codes.js'
import type { AppContext } from '../context.js'
import { findSession, sessionEnd } from '../app/sessions.js'
import type { SessionInfo } from '../domain/sessions.js'
import { Refusal, unauthorized } from '../domain/refusal.js'
import { hashToken } from '../domain/tokens.js'

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization
  if (!h) return null
  const m = /^Bearer\s+(\S+)$/i.exec(h)
  return m ? m[1]! : null
}

/** preHandler for authenticated routes: a missing token is 401, a dead one ends the session (11012). */
export function requireSession(ctx: AppContext) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(req)
    if (!token) throw unauthorized()
    const session = await findSession(ctx.db, token, { idleSeconds: ctx.config.sessionIdleSeconds, address: req.ip })
    if (!session) {
      req.server.verifiedSessions.forget(hashToken(token))
      const end = await sessionEnd(ctx, token)
      throw end ? new Refusal(end.code, end.msg) : new Refusal(ResultCode.SessionRevoked, '登录状态已失效，请重新登录')
    }
    req.server.verifiedSessions.remember(session.tokenHash)
    req.session = session
  }
}

/** The session of an authenticated route (set by requireSession). */
export function sessionOf(req: FastifyRequest): SessionInfo {
  if (!req.session) throw unauthorized()
  return req.session
}
