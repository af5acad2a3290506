import type { FastifyInstance } from 'fastify'
import { GroupIdentity, GroupText } from '../../../../types/group.js'
import { groupRoutes } from '../../../../types/routes/groups.js'
import type { AppContext } from '../../context.js'
import { batchMute, blacklistAdd, blacklistPage, blacklistRemove, dissolve, membersOf, setAdmins, transfer, withdraw } from '../../app/groups/admin.js'
import { MemberFilter } from '../../domain/groups/memberLists.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { serve } from '../../http/serve.js'

/** Spec 7 "Groups", admins and ownership, blacklist, muting, revoking, and the candidate lists. */
export function groupAdminPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, groupRoutes.setAdmins, async (req) => {
      const changed = await setAdmins(ctx, sessionOf(req).wtId, req.body.groupNumber, req.body.wtIds, req.body.identity)
      return ok({ changed }, GroupText.Modified)
    })

    serve(app, groupRoutes.transfer, async (req) => {
      await transfer(ctx, sessionOf(req).wtId, req.body.groupNumber, req.body.wtId)
      return ok(null, GroupText.TransferDone)
    })

    serve(app, groupRoutes.dissolve, async (req) => {
      await dissolve(ctx, sessionOf(req).wtId, req.body.groupNumber)
      return ok(null, '解散群聊成功')
    })

    serve(app, groupRoutes.blackList, async (req) => ok(await blacklistPage(ctx, sessionOf(req).wtId, req.body.groupNumber, req.body.pageNum, req.body.pageSize)))

    serve(app, groupRoutes.blackAdd, async (req) => {
      const added = await blacklistAdd(ctx, sessionOf(req).wtId, req.body.groupNumber, req.body.wtIds)
      return ok({ added }, '操作成功')
    })

    serve(app, groupRoutes.blackRemove, async (req) => {
      const removed = await blacklistRemove(ctx, sessionOf(req).wtId, req.body.groupNumber, req.body.wtIds)
      return ok({ removed }, '操作成功')
    })

    serve(app, groupRoutes.mutedList, async (req) => ok(await membersOf(ctx, sessionOf(req).wtId, GroupIdentity.Admin, MemberFilter.Muted, req.body)))

    serve(app, groupRoutes.batchMuted, async (req) => {
      const muted = await batchMute(ctx, sessionOf(req).wtId, req.body.groupNumber, req.body.wtIds, req.body.muteTime)
      return ok({ muted }, GroupText.Modified)
    })

    serve(app, groupRoutes.withdrawOne, async (req) => {
      const b = req.body
      return ok(await withdraw(ctx, sessionOf(req).wtId, b.groupNumber, b.userWtId, b.msgSeq, true), '撤回成功')
    })

    serve(app, groupRoutes.withdrawByUser, async (req) => {
      const b = req.body
      return ok(await withdraw(ctx, sessionOf(req).wtId, b.groupNumber, b.userWtId, b.lastMessageSequence, false), '撤回成功')
    })

    // Candidate lists of the management screens: who can become admin, who is admin, who can be muted.
    type CandidateRoute = (typeof groupRoutes)['addCandidates' | 'removeCandidates' | 'managerCandidates' | 'muteCandidates']
    const candidates = (route: CandidateRoute, min: GroupIdentity, filter: MemberFilter) =>
      serve(app, route, async (req) => ok(await membersOf(ctx, sessionOf(req).wtId, min, filter, req.body)))
    candidates(groupRoutes.addCandidates, GroupIdentity.Owner, MemberFilter.Members)
    candidates(groupRoutes.removeCandidates, GroupIdentity.Owner, MemberFilter.Admins)
    candidates(groupRoutes.managerCandidates, GroupIdentity.Member, MemberFilter.Managers)
    candidates(groupRoutes.muteCandidates, GroupIdentity.Admin, MemberFilter.Members)
  }
}
