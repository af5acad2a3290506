import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { DictListBody } from '../../../types/complaint.js'
import type { AppContext } from '../context.js'
import { dictList } from '../domain/dict.js'
import { requireSession } from '../http/auth.js'
import { ok } from '../http/envelope.js'

/** POST /api/dict/data/getListByDictType {dictType}: dictLabel/dictValue lists (the report types). */
export function dictRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.post('/getListByDictType', { preHandler: requireSession(ctx), schema: { body: DictListBody } }, async (req) =>
      ok(await dictList(ctx.db, req.body.dictType)),
    )
  }
}
