import type { FastifyInstance } from 'fastify'
import { MomentText } from '../../../types/moments.js'
import { momentRoutes } from '../../../types/routes/moments.js'
import {
  clearAllNotices,
  comment,
  deleteComment,
  deleteMoment,
  feed,
  interactions,
  interactionsBatch,
  momentDetail,
  notices,
  praise,
  publishMoment,
  unreadNoticeCount,
} from '../app/moments.js'
import { settle } from '../app/publish/index.js'
import type { AppContext } from '../context.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** Spec section 7 "Moments (all POST)" and the publish call; every read is checked against the caller. */
export function momentPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))
    const me = (req: Parameters<typeof sessionOf>[0]) => sessionOf(req).wtId

    serve(app, momentRoutes.add, async (req) => ok(await settle(ctx, publishMoment(ctx, me(req), req.body)), MomentText.Published))
    serve(app, momentRoutes.list, async (req) => ok(await feed(ctx, me(req), req.body)))
    serve(app, momentRoutes.info, async (req) => ok(await momentDetail(ctx, me(req), req.body.id)))
    serve(app, momentRoutes.remove, async (req) => {
      await settle(ctx, deleteMoment(ctx, me(req), req.body.id))
      return ok(null, MomentText.Deleted)
    })
    serve(app, momentRoutes.interactionsBatch, async (req) => ok(await interactionsBatch(ctx, me(req), req.body.ids)))
    serve(app, momentRoutes.interactions, async (req) => ok(await interactions(ctx, me(req), req.body.id)))
    serve(app, momentRoutes.praise, async (req) => ok(await settle(ctx, praise(ctx, me(req), req.body.friendsCircleId))))
    serve(app, momentRoutes.comment, async (req) => ok(await settle(ctx, comment(ctx, me(req), req.body)), MomentText.Commented))
    serve(app, momentRoutes.removeComment, async (req) => ok(await settle(ctx, deleteComment(ctx, me(req), req.body.id)), MomentText.Deleted))
    serve(app, momentRoutes.notices, async (req) => ok(await settle(ctx, notices(ctx, me(req), req.body))))
    serve(app, momentRoutes.clearNotices, async (req) => {
      await settle(ctx, clearAllNotices(ctx, me(req)))
      return ok(null, MomentText.Cleared)
    })
    serve(app, momentRoutes.unread, async (req) => ok({ count: await unreadNoticeCount(ctx, me(req)) }))
  }
}
