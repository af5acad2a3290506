import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { SearchByIdBody } from '../../../types/search.js'
import type { AppContext } from '../context.js'
import { searchById } from '../domain/searchById.js'
import { requireSession } from '../http/auth.js'
import { ok } from '../http/envelope.js'

/** POST /api/user/searchById: exact match on a user ID, a phone number or a group number. */
export function searchRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.post('/searchById', { preHandler: requireSession(ctx), schema: { body: SearchByIdBody } }, async (req) => {
      return ok(await searchById(ctx.db, req.body.searchId))
    })
  }
}
