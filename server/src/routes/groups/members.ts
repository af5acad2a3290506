import type { FastifyInstance } from 'fastify'
import { GroupIdentity, GroupText } from '../../../../types/group.js'
import { groupRoutes } from '../../../../types/routes/groups.js'
import type { AppContext } from '../../context.js'
import { requireRole } from '../../domain/groups/access.js'
import { activeJoin, audit, joinVerify } from '../../domain/groups/applications.js'
import { batchInvite, editSelf, quit, removeMembers, setTop } from '../../domain/groups/members.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { serve } from '../../http/serve.js'
import { runGroupChange } from './run.js'

/** Spec 7 "Groups", members: invite, remove, quit, join and its applications, pin, own nickname and remark. */
export function groupMemberRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, groupRoutes.batchInvite, async (req) => {
      const me = sessionOf(req).wtId
      const result = await runGroupChange(ctx, async (q, fx) =>
        batchInvite(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Member, true), req.body.wtIds),
      )
      return ok(result, result.pending.length > 0 && result.joined.length === 0 ? '邀请已发送，等待管理员审核' : '邀请成功')
    })

    serve(app, groupRoutes.remove, async (req) => {
      const me = sessionOf(req).wtId
      const removed = await runGroupChange(ctx, async (q, fx) =>
        removeMembers(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Admin, true), req.body.wtIds),
      )
      return ok({ removed }, '移除成功')
    })

    serve(app, groupRoutes.quit, async (req) => {
      const me = sessionOf(req).wtId
      await runGroupChange(ctx, async (q, fx) => quit(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Member, true)))
      return ok(null, '退出群聊成功')
    })

    serve(app, groupRoutes.activeJoin, async (req) => {
      const me = sessionOf(req).wtId
      const result = await runGroupChange(ctx, (q, fx) => activeJoin(q, fx, me, req.body))
      return ok(result, result.status === 'joined' ? GroupText.Joined : GroupText.ApplySent)
    })

    serve(app, groupRoutes.audit, async (req) => {
      const me = sessionOf(req).wtId
      await runGroupChange(ctx, (q, fx) => audit(q, fx, me, req.body.applyId, req.body.handleAction))
      return ok(null, req.body.handleAction === 'Agree' ? '已同意' : '已拒绝')
    })

    serve(app, groupRoutes.joinVerify, async (req) => {
      const me = sessionOf(req).wtId
      await runGroupChange(ctx, (q, fx) => joinVerify(q, fx, me, req.body.groupNumber, req.body.wtId, req.body.handleAction))
      return ok(null, req.body.handleAction === 'Agree' ? '已同意' : '已拒绝')
    })

    serve(app, groupRoutes.setTop, async (req) => {
      const me = sessionOf(req).wtId
      await runGroupChange(ctx, async (q, fx) => setTop(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Member), req.body.topStatus))
      return ok(null, GroupText.Modified)
    })

    serve(app, groupRoutes.editSelf, async (req) => {
      const me = sessionOf(req).wtId
      await runGroupChange(ctx, async (q, fx) => editSelf(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Member), req.body))
      return ok(null, GroupText.Modified)
    })
  }
}
