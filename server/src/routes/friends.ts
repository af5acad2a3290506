import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ContactText, HandleStatus, type ApplyUnreadResult } from '../../../types/friends.js'
import { contactRoutes } from '../../../types/routes/contacts.js'
import { applications, applyFor, friendList, handle, setRemark, setSpaceFlags, unfriend, unreadApplicationCount } from '../app/friends.js'
import { settle } from '../app/publish/index.js'
import type { AppContext } from '../context.js'
import { actorOf } from '../http/actor.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { perAccountLimit } from '../http/rateLimits.js'
import { serve } from '../http/serve.js'

/** Spec section 7 "Friends and tags": applications, the friend list, remarks, moments flags, delete. */
export function friendPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))


    const list = async (req: FastifyRequest) => ok(await friendList(ctx, sessionOf(req).wtId))
    serve(app, contactRoutes.friendList, list)
    serve(app, contactRoutes.friendListPost, list)

    const applyLimit = perAccountLimit(ctx.config.rateLimits.friendApplyPerHour, 3_600_000)
    serve(app, contactRoutes.apply, { rateLimit: applyLimit }, async (req) => {
      await settle(ctx, applyFor(ctx, sessionOf(req).wtId, req.body))
      return ok(null, ContactText.ApplySent)
    })

    serve(app, contactRoutes.handleApplication, async (req) => {
      const { applyWtId, handleStatus } = req.body
      const application = await settle(ctx, handle(ctx, sessionOf(req).wtId, applyWtId, handleStatus))
      return ok(application, handleStatus === HandleStatus.Agree ? '已添加' : '已拒绝')
    })

    const applyList = async (req: FastifyRequest) => ok(await settle(ctx, applications(ctx, sessionOf(req).wtId)))
    serve(app, contactRoutes.applicationList, applyList)
    serve(app, contactRoutes.applicationListGet, applyList)

    serve(app, contactRoutes.applicationUnread, async (req) => ok<ApplyUnreadResult>({ count: await unreadApplicationCount(ctx, sessionOf(req).wtId) }))

    serve(app, contactRoutes.updateRemark, async (req) => {
      await settle(ctx, setRemark(ctx, actorOf(req), req.body.friendsWtId, req.body.remark))
      return ok(null, ContactText.UpdateOk)
    })

    serve(app, contactRoutes.updateSpaceStatus, async (req) => ok(await settle(ctx, setSpaceFlags(ctx, actorOf(req), req.body.friendsWtId, req.body)), ContactText.UpdateOk))

    serve(app, contactRoutes.deleteFriend, async (req) => {
      await settle(ctx, unfriend(ctx, actorOf(req), req.body.friendsWtId))
      return ok(null, ContactText.FriendDeleted)
    })
  }
}
