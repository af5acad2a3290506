import type { FastifyInstance } from 'fastify'
import { accountRoutes } from '../../../types/routes/account.js'
import type { AppContext } from '../context.js'
import { searchById } from '../domain/searchById.js'
import { requireSession } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** POST /api/user/searchById: exact match on a user ID, a phone number or a group number. */
export function searchRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(app, accountRoutes.searchById, { preHandler: requireSession(ctx) }, async (req) => {
      return ok(await searchById(ctx.db, req.body.searchId))
    })
  }
}
