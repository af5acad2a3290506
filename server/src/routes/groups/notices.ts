import type { FastifyInstance } from 'fastify'
import { groupRoutes } from '../../../../types/routes/groups.js'
import type { AppContext } from '../../context.js'
import { joinApplyList, myApplyList, othersList, readNotices, unreadCounts } from '../../app/groups/notices.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { serve } from '../../http/serve.js'

/** /api/user/groupNotice: the three group notice lists, their counters, and marking a list read. */
export function groupNoticePlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, groupRoutes.joinApplyList, async (req) => ok(await joinApplyList(ctx, sessionOf(req).wtId, req.body)))
    serve(app, groupRoutes.myApplyList, async (req) => ok(await myApplyList(ctx, sessionOf(req).wtId, req.body)))
    serve(app, groupRoutes.othersList, async (req) => ok(await othersList(ctx, sessionOf(req).wtId, req.body)))

    serve(app, groupRoutes.noticeUnread, async (req) => ok(await unreadCounts(ctx, sessionOf(req).wtId)))

    serve(app, groupRoutes.noticeRead, async (req) => ok(await readNotices(ctx, sessionOf(req).wtId, req.body.list)))
  }
}
