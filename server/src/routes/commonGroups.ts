import type { FastifyInstance } from 'fastify'
import { contactRoutes } from '../../../types/routes/contacts.js'
import type { AppContext } from '../context.js'
import { commonGroups } from '../app/friends.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** POST /api/user/groupchat/commonList {wtId}: the groups the caller and that user are both in. */
export function commonGroupPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(app, contactRoutes.commonGroups, { preHandler: requireSession(ctx) }, async (req) =>
      ok(await commonGroups(ctx, sessionOf(req).wtId, req.body.wtId)),
    )
  }
}
