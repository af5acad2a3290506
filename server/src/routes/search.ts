import type { FastifyInstance } from 'fastify'
import { accountRoutes } from '../../../types/routes/account.js'
import { searchRoutes } from '../../../types/routes/search.js'
import { searchEverything } from '../app/search/everything.js'
import type { AppContext } from '../context.js'
import { searchById } from '../app/searchById.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/**
 * POST /api/user/searchById: exact match on a user ID, a phone number or a group number.
 * POST /api/search/everything: the conversation list's search box, every section.
 */
export function searchPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(app, accountRoutes.searchById, { preHandler: requireSession(ctx) }, async (req) => {
      return ok(await searchById(ctx, req.body.searchId))
    })
    serve(app, searchRoutes.everything, { preHandler: requireSession(ctx) }, async (req) => {
      return ok(await searchEverything(ctx.db, sessionOf(req).wtId, req.body, ctx.config.chatFeatures.messageSearch))
    })
  }
}
