import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { MomentText } from '../../../types/moments.js'
import { momentRoutes } from '../../../types/routes/moments.js'
import type { AppContext } from '../context.js'
import { addComment, interactionsOf, interactionsOfOne, removeComment, togglePraise } from '../domain/moments/interactions.js'
import { clearNotices, listNotices, unreadNotices } from '../domain/moments/notices.js'
import { feedsShowingAuthor } from '../domain/moments/firstPages.js'
import { addMoment, listMoments, readableMoment, removeMoment } from '../domain/moments/posts.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'
import { feedsChanged, pushMomentsCount } from '../realtime/momentEvents.js'

/** Spec section 7 "Moments (all POST)" and the publish call; every read is checked against the caller. */
export function momentRoutesPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, momentRoutes.add, async (req) => {
      const me = sessionOf(req).wtId
      const moment = await ctx.db.tx((q) => addMoment(q, me, req.body))
      await feedsChanged(ctx, { viewers: await feedsShowingAuthor(ctx.db, me) })
      return ok(moment, MomentText.Published)
    })

    // The first page of the feed, which every visit opens, comes from the cache with its likes and comments.
    serve(app, momentRoutes.list, async (req) => {
      const me = sessionOf(req).wtId
      const { pageNum, pageSize, wtId } = req.body
      if (wtId || pageNum !== 1) return ok(await listMoments(ctx.db, me, req.body))
      const first = await ctx.firstPages.get(me, pageSize, async () => {
        const page = await listMoments(ctx.db, me, { pageNum, pageSize })
        return { page, interactions: await interactionsOf(ctx.db, me, page.rows.map((m) => m.id)) }
      })
      return ok(first.page)
    })

    serve(app, momentRoutes.info, async (req) => {
      const me = sessionOf(req).wtId
      const moment = await readableMoment(ctx.db, me, req.body.id)
      const { commentsList, praiseList, groupList, minePraiseStatus } = await interactionsOfOne(ctx.db, me, req.body.id)
      return ok({ ...moment, commentsList, praiseList, groupList, minePraiseStatus })
    })

    serve(app, momentRoutes.remove, async (req) => {
      const me = sessionOf(req).wtId
      const { noticeOwners, orphanUploads } = await ctx.db.tx((q) => removeMoment(q, me, req.body.id))
      await feedsChanged(ctx, { viewers: await feedsShowingAuthor(ctx.db, me), moments: [req.body.id] })
      await Promise.all(orphanUploads.map((id) => fs.promises.rm(path.join(ctx.config.uploadDir, id), { force: true })))
      await pushMomentsCount(ctx, noticeOwners)
      return ok(null, MomentText.Deleted)
    })

    serve(app, momentRoutes.interactionsBatch, async (req) => {
      const me = sessionOf(req).wtId
      return ok(ctx.firstPages.interactions(me, req.body.ids) ?? (await interactionsOf(ctx.db, me, req.body.ids)))
    })

    serve(app, momentRoutes.interactions, async (req) => ok(await interactionsOfOne(ctx.db, sessionOf(req).wtId, req.body.id)))

    serve(app, momentRoutes.praise, async (req) => {
      const { noticeOwners, ...result } = await ctx.db.tx((q) => togglePraise(q, sessionOf(req).wtId, req.body.friendsCircleId))
      await feedsChanged(ctx, { moments: [req.body.friendsCircleId] })
      await pushMomentsCount(ctx, noticeOwners)
      return ok(result)
    })

    serve(app, momentRoutes.comment, async (req) => {
      const { noticeOwners, ...result } = await ctx.db.tx((q) => addComment(q, sessionOf(req).wtId, req.body))
      await feedsChanged(ctx, { moments: [req.body.friendsCircleId] })
      await pushMomentsCount(ctx, noticeOwners)
      return ok(result, MomentText.Commented)
    })

    serve(app, momentRoutes.removeComment, async (req) => {
      const { noticeOwners, commentsList, momentId } = await ctx.db.tx((q) => removeComment(q, sessionOf(req).wtId, req.body.id))
      await feedsChanged(ctx, { moments: [momentId] })
      await pushMomentsCount(ctx, noticeOwners)
      return ok(commentsList, MomentText.Deleted)
    })

    serve(app, momentRoutes.notices, async (req) => {
      const me = sessionOf(req).wtId
      const { hadUnread, ...page } = await listNotices(ctx.db, me, req.body)
      if (hadUnread) await pushMomentsCount(ctx, [me])
      return ok(page)
    })

    serve(app, momentRoutes.clearNotices, async (req) => {
      const me = sessionOf(req).wtId
      await clearNotices(ctx.db, me)
      await pushMomentsCount(ctx, [me])
      return ok(null, MomentText.Cleared)
    })

    serve(app, momentRoutes.unread, async (req) => ok({ count: await unreadNotices(ctx.db, sessionOf(req).wtId) }))
  }
}
