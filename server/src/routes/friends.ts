import type { FastifyInstance } from 'fastify'
import { ContactText, FriendChangeKind, HandleStatus, type ApplyUnreadResult } from '../../../types/friends.js'
import { contactRoutes } from '../../../types/routes/contacts.js'
import { userTopic } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import { applyForFriend, handleApplication, listApplications, unreadApplications } from '../domain/friendApplications.js'
import { deleteFriend, listFriends, updateRemark, updateSpaceStatus } from '../domain/friends.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { perAccount } from '../http/rateLimits.js'
import { serve } from '../http/serve.js'
import { pushFriendApply, pushFriendChange } from '../realtime/contactEvents.js'

/** Spec section 7 "Friends and tags": applications, the friend list, remarks, moments flags, delete. */
export function friendRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    const list = async (req: import('fastify').FastifyRequest) => ok(await listFriends(ctx.db, sessionOf(req).wtId))
    serve(app, contactRoutes.friendList, list)
    serve(app, contactRoutes.friendListPost, list)

    const applyLimit = { max: ctx.config.rateLimits.friendApplyPerHour, timeWindow: 3_600_000, keyGenerator: perAccount }
    serve(app, contactRoutes.apply, { rateLimit: applyLimit }, async (req) => {
      const me = sessionOf(req).wtId
      const application = await ctx.db.tx((q) => applyForFriend(q, me, req.body))
      await pushFriendApply(ctx, req.body.applyWtId, application)
      return ok(null, ContactText.ApplySent)
    })

    serve(app, contactRoutes.handleApplication, async (req) => {
      const me = sessionOf(req).wtId
      const { applyWtId, handleStatus } = req.body
      const application = await ctx.db.tx((q) => handleApplication(q, me, applyWtId, handleStatus))
      await pushFriendApply(ctx, me, null)
      if (handleStatus === HandleStatus.Agree) {
        await pushFriendChange(ctx, me, FriendChangeKind.Added, applyWtId)
        await pushFriendChange(ctx, applyWtId, FriendChangeKind.Added, me)
      }
      return ok(application, handleStatus === HandleStatus.Agree ? '已添加' : '已拒绝')
    })

    const applyList = async (req: import('fastify').FastifyRequest) => {
      const me = sessionOf(req).wtId
      const { list: applications, hadUnread } = await listApplications(ctx.db, me)
      if (hadUnread) await pushFriendApply(ctx, me, null)
      return ok(applications)
    }
    serve(app, contactRoutes.applicationList, applyList)
    serve(app, contactRoutes.applicationListGet, applyList)

    serve(app, contactRoutes.applicationUnread, async (req) => ok<ApplyUnreadResult>({ count: await unreadApplications(ctx.db, sessionOf(req).wtId) }))

    serve(app, contactRoutes.updateRemark, async (req) => {
      const { wtId: me, tokenHash } = sessionOf(req)
      await updateRemark(ctx.db, me, req.body.friendsWtId, req.body.remark)
      await pushFriendChange(ctx, me, FriendChangeKind.Updated, req.body.friendsWtId, tokenHash)
      return ok(null, ContactText.UpdateOk)
    })

    serve(app, contactRoutes.updateSpaceStatus, async (req) => {
      const { wtId: me, tokenHash } = sessionOf(req)
      const flags = await updateSpaceStatus(ctx.db, me, req.body.friendsWtId, req.body)
      await pushFriendChange(ctx, me, FriendChangeKind.Updated, req.body.friendsWtId, tokenHash)
      return ok(flags, ContactText.UpdateOk)
    })

    /** Both directions go; the deleter's history with the friend is cleared and the conversation unfolded and deleted. */
    serve(app, contactRoutes.deleteFriend, async (req) => {
      const { wtId: me, tokenHash } = sessionOf(req)
      const friend = req.body.friendsWtId
      const conversationID = await ctx.db.tx((q) => deleteFriend(q, me, friend))
      await ctx.bus.publish(userTopic(me), { frame: { type: 'convDeleted', conversationID }, exceptSession: tokenHash })
      await pushFriendChange(ctx, me, FriendChangeKind.Deleted, friend)
      await pushFriendChange(ctx, friend, FriendChangeKind.Deleted, me)
      return ok(null, ContactText.FriendDeleted)
    })
  }
}
