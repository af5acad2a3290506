import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { C2cTopAddBody, C2cTopDelBody, C2cTopListBody } from '../../../types/messageOps.js'
import type { AppContext } from '../context.js'
import { addPin, deletePin, listPins } from '../domain/messageOps/pins.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'

/** Pinned messages of one-to-one chats (/api/user/c2cTop). */
export function pinRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.addHook('preHandler', requireSession(ctx))
    r.post('/list', { schema: { body: C2cTopListBody } }, async (req) => ok(await listPins(ctx, sessionOf(req).wtId, req.body.toUserWtId)))
    r.post('/add', { schema: { body: C2cTopAddBody } }, async (req) => ok(await addPin(ctx, sessionOf(req).wtId, req.body), '置顶成功'))
    r.post('/del', { schema: { body: C2cTopDelBody } }, async (req) => {
      await deletePin(ctx, sessionOf(req).wtId, req.body.id)
      return ok(null, '已取消置顶')
    })
  }
}
