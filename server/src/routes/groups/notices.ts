import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { JoinApplyListBody, NoticeListBody, NoticeReadBody } from '../../../../types/group.js'
import type { AppContext } from '../../context.js'
import { joinApplyList, markNoticesRead, myApplyList, othersList, unreadCounts } from '../../domain/groups/notices.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { pushCounters } from '../../realtime/groupEvents.js'

/** /api/user/groupNotice: the three group notice lists, their counters, and marking a list read. */
export function groupNoticeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.addHook('preHandler', requireSession(ctx))

    r.post('/joinApplyList', { schema: { body: JoinApplyListBody } }, async (req) => ok(await joinApplyList(ctx.db, sessionOf(req).wtId, req.body)))
    r.post('/myApplyList', { schema: { body: NoticeListBody } }, async (req) => ok(await myApplyList(ctx.db, sessionOf(req).wtId, req.body)))
    r.post('/othersList', { schema: { body: NoticeListBody } }, async (req) => ok(await othersList(ctx.db, sessionOf(req).wtId, req.body)))

    r.get('/unread', async (req) => ok(await unreadCounts(ctx.db, sessionOf(req).wtId)))

    // Other devices of the reader get the new counters too.
    r.post('/read', { schema: { body: NoticeReadBody } }, async (req) => {
      const me = sessionOf(req).wtId
      await markNoticesRead(ctx.db, me, req.body.list)
      await pushCounters(ctx, [me])
      return ok(await unreadCounts(ctx.db, me))
    })
  }
}
