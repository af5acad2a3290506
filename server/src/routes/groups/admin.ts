import type { FastifyInstance } from 'fastify'
import { GroupIdentity, GroupText } from '../../../../types/group.js'
import { groupRoutes } from '../../../../types/routes/groups.js'
import type { AppContext } from '../../context.js'
import { batchMute, blacklistAdd, blacklistPage, blacklistRemove, dissolve, setAdmins, transfer, withdraw } from '../../domain/groups/admin.js'
import { requireRole } from '../../domain/groups/access.js'
import { MemberFilter, memberPage } from '../../domain/groups/memberLists.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { serve } from '../../http/serve.js'
import { runGroupChange } from './run.js'

/** Spec 7 "Groups", admins and ownership, blacklist, muting, revoking, and the candidate lists. */
export function groupAdminRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, groupRoutes.setAdmins, async (req) => {
      const me = sessionOf(req).wtId
      const changed = await runGroupChange(ctx, async (q, fx) =>
        setAdmins(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Owner, true), req.body.wtIds, req.body.identity),
      )
      return ok({ changed }, GroupText.Modified)
    })

    serve(app, groupRoutes.transfer, async (req) => {
      const me = sessionOf(req).wtId
      await runGroupChange(ctx, async (q, fx) => transfer(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Owner, true), req.body.wtId))
      return ok(null, GroupText.TransferDone)
    })

    serve(app, groupRoutes.dissolve, async (req) => {
      const me = sessionOf(req).wtId
      await runGroupChange(ctx, async (q, fx) => dissolve(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Owner, true)))
      return ok(null, '解散群聊成功')
    })

    serve(app, groupRoutes.blackList, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Admin)
      return ok(await blacklistPage(ctx.db, access, req.body.pageNum, req.body.pageSize))
    })

    serve(app, groupRoutes.blackAdd, async (req) => {
      const me = sessionOf(req).wtId
      const added = await runGroupChange(ctx, async (q, fx) =>
        blacklistAdd(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Admin, true), req.body.wtIds),
      )
      return ok({ added }, '操作成功')
    })

    serve(app, groupRoutes.blackRemove, async (req) => {
      const me = sessionOf(req).wtId
      const removed = await ctx.db.tx(async (q) => blacklistRemove(q, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Admin), req.body.wtIds))
      return ok({ removed }, '操作成功')
    })

    serve(app, groupRoutes.mutedList, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Admin)
      return ok(await memberPage(ctx.db, access.group.group_id, MemberFilter.Muted, req.body))
    })

    serve(app, groupRoutes.batchMuted, async (req) => {
      const me = sessionOf(req).wtId
      const muted = await runGroupChange(ctx, async (q, fx) =>
        batchMute(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Admin, true), req.body.wtIds, req.body.muteTime),
      )
      return ok({ muted }, GroupText.Modified)
    })

    serve(app, groupRoutes.withdrawOne, async (req) => {
      const me = sessionOf(req).wtId
      const b = req.body
      const result = await runGroupChange(ctx, async (q, fx) => withdraw(q, fx, await requireRole(q, b.groupNumber, me, GroupIdentity.Admin), b.userWtId, b.msgSeq, true))
      return ok(result, '撤回成功')
    })

    serve(app, groupRoutes.withdrawByUser, async (req) => {
      const me = sessionOf(req).wtId
      const b = req.body
      const result = await runGroupChange(ctx, async (q, fx) =>
        withdraw(q, fx, await requireRole(q, b.groupNumber, me, GroupIdentity.Admin), b.userWtId, b.lastMessageSequence, false),
      )
      return ok(result, '撤回成功')
    })

    // Candidate lists of the management screens: who can become admin, who is admin, who can be muted.
    type CandidateRoute = (typeof groupRoutes)['addCandidates' | 'removeCandidates' | 'managerCandidates' | 'muteCandidates']
    const candidates = (route: CandidateRoute, min: GroupIdentity, filter: MemberFilter) =>
      serve(app, route, async (req) => {
        const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, min)
        return ok(await memberPage(ctx.db, access.group.group_id, filter, req.body))
      })
    candidates(groupRoutes.addCandidates, GroupIdentity.Owner, MemberFilter.Members)
    candidates(groupRoutes.removeCandidates, GroupIdentity.Owner, MemberFilter.Admins)
    candidates(groupRoutes.managerCandidates, GroupIdentity.Member, MemberFilter.Managers)
    candidates(groupRoutes.muteCandidates, GroupIdentity.Admin, MemberFilter.Members)
  }
}
