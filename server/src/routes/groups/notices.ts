import type { FastifyInstance } from 'fastify'
import { groupRoutes } from '../../../../types/routes/groups.js'
import type { AppContext } from '../../context.js'
import { joinApplyList, markNoticesRead, myApplyList, othersList, unreadCounts } from '../../domain/groups/notices.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { serve } from '../../http/serve.js'
import { pushCounters } from '../../realtime/groupEvents.js'

/** /api/user/groupNotice: the three group notice lists, their counters, and marking a list read. */
export function groupNoticeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, groupRoutes.joinApplyList, async (req) => ok(await joinApplyList(ctx.db, sessionOf(req).wtId, req.body)))
    serve(app, groupRoutes.myApplyList, async (req) => ok(await myApplyList(ctx.db, sessionOf(req).wtId, req.body)))
    serve(app, groupRoutes.othersList, async (req) => ok(await othersList(ctx.db, sessionOf(req).wtId, req.body)))

    serve(app, groupRoutes.noticeUnread, async (req) => ok(await unreadCounts(ctx.db, sessionOf(req).wtId)))

    // Other devices of the reader get the new counters too.
    serve(app, groupRoutes.noticeRead, async (req) => {
      const me = sessionOf(req).wtId
      await markNoticesRead(ctx.db, me, req.body.list)
      await pushCounters(ctx, [me])
      return ok(await unreadCounts(ctx.db, me))
    })
  }
}
