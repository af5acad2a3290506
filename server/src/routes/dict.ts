import type { FastifyInstance } from 'fastify'
import { miscRoutes } from '../../../types/routes/misc.js'
import type { AppContext } from '../context.js'
import { dictList } from '../app/dict.js'
import { requireSession } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** POST /api/dict/data/getListByDictType {dictType}: dictLabel/dictValue lists (the report types). */
export function dictPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(app, miscRoutes.dictList, { preHandler: requireSession(ctx) }, async (req) =>
      ok(await dictList(ctx, req.body.dictType)),
    )
  }
}
