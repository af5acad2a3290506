import type { FastifyInstance } from 'fastify'
import { GroupText } from '../../../../types/group.js'
import { groupRoutes } from '../../../../types/routes/groups.js'
import type { AppContext } from '../../context.js'
import { activeJoin, audit, joinVerify } from '../../app/groups/applications.js'
import { batchInvite, editSelf, quit, removeMembers, setTop } from '../../app/groups/members.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { serve } from '../../http/serve.js'

/** Spec 7 "Groups", members: invite, remove, quit, join and its applications, pin, own nickname and remark. */
export function groupMemberPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, groupRoutes.batchInvite, async (req) => {
      const result = await batchInvite(ctx, sessionOf(req).wtId, req.body.groupNumber, req.body.wtIds)
      return ok(result, result.pending.length > 0 && result.joined.length === 0 ? '邀请已发送，等待管理员审核' : '邀请成功')
    })

    serve(app, groupRoutes.remove, async (req) => {
      const removed = await removeMembers(ctx, sessionOf(req).wtId, req.body.groupNumber, req.body.wtIds)
      return ok({ removed }, '移除成功')
    })

    serve(app, groupRoutes.quit, async (req) => {
      await quit(ctx, sessionOf(req).wtId, req.body.groupNumber)
      return ok(null, '退出群聊成功')
    })

    serve(app, groupRoutes.activeJoin, async (req) => {
      const result = await activeJoin(ctx, sessionOf(req).wtId, req.body)
      return ok(result, result.status === 'joined' ? GroupText.Joined : GroupText.ApplySent)
    })

    serve(app, groupRoutes.audit, async (req) => {
      await audit(ctx, sessionOf(req).wtId, req.body.applyId, req.body.handleAction)
      return ok(null, req.body.handleAction === 'Agree' ? '已同意' : '已拒绝')
    })

    serve(app, groupRoutes.joinVerify, async (req) => {
      await joinVerify(ctx, sessionOf(req).wtId, req.body.groupNumber, req.body.wtId, req.body.handleAction)
      return ok(null, req.body.handleAction === 'Agree' ? '已同意' : '已拒绝')
    })

    serve(app, groupRoutes.setTop, async (req) => {
      await setTop(ctx, sessionOf(req).wtId, req.body.groupNumber, req.body.topStatus)
      return ok(null, GroupText.Modified)
    })

    serve(app, groupRoutes.editSelf, async (req) => {
      await editSelf(ctx, sessionOf(req).wtId, req.body)
      return ok(null, GroupText.Modified)
    })
  }
}
