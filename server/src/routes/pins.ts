import type { FastifyInstance } from 'fastify'
import { favoriteRoutes } from '../../../types/routes/favorites.js'
import type { AppContext } from '../context.js'
import { addPin, deletePin, listPins } from '../app/messageOps/pins.js'
import { settle } from '../app/publish/index.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** Pinned messages of one-to-one chats (/api/user/c2cTop). */
export function pinPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))
    serve(app, favoriteRoutes.pinList, async (req) => ok(await listPins(ctx, sessionOf(req).wtId, req.body.toUserWtId)))
    serve(app, favoriteRoutes.pinAdd, async (req) => ok(await settle(ctx, addPin(ctx, sessionOf(req).wtId, req.body)), '置顶成功'))
    serve(app, favoriteRoutes.pinDelete, async (req) => {
      return ok(await settle(ctx, deletePin(ctx, sessionOf(req).wtId, req.body.id)), '已取消置顶')
    })
  }
}
