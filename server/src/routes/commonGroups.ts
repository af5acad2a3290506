import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { CommonGroupsBody } from '../../../types/friends.js'
import type { AppContext } from '../context.js'
import { commonGroups } from '../domain/friends.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'

/** POST /api/user/groupchat/commonList {wtId}: the groups the caller and that user are both in. */
export function commonGroupRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.post('/commonList', { preHandler: requireSession(ctx), schema: { body: CommonGroupsBody } }, async (req) =>
      ok(await commonGroups(ctx.db, sessionOf(req).wtId, req.body.wtId)),
    )
  }
}
