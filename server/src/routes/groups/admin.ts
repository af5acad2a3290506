import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AdminSetBody,
  BatchMuteBody,
  CandidateListBody,
  GroupIdentity,
  GroupNumberBody,
  GroupText,
  MembersBody,
  PagedGroupBody,
  TransferBody,
  WithdrawByUserBody,
  WithdrawOneBody,
} from '../../../../types/group.js'
import type { AppContext } from '../../context.js'
import { batchMute, blacklistAdd, blacklistPage, blacklistRemove, dissolve, setAdmins, transfer, withdraw } from '../../domain/groups/admin.js'
import { requireRole } from '../../domain/groups/access.js'
import { MemberFilter, memberPage } from '../../domain/groups/memberLists.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { runGroupChange } from './run.js'

/** Spec 7 "Groups", admins and ownership, blacklist, muting, revoking, and the candidate lists. */
export function groupAdminRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.addHook('preHandler', requireSession(ctx))

    r.post('/admin/addOrRemove', { schema: { body: AdminSetBody } }, async (req) => {
      const me = sessionOf(req).wtId
      const changed = await runGroupChange(ctx, async (q, fx) =>
        setAdmins(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Owner, true), req.body.wtIds, req.body.identity),
      )
      return ok({ changed }, GroupText.Modified)
    })

    r.post('/transfer', { schema: { body: TransferBody } }, async (req) => {
      const me = sessionOf(req).wtId
      await runGroupChange(ctx, async (q, fx) => transfer(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Owner, true), req.body.wtId))
      return ok(null, GroupText.TransferDone)
    })

    r.post('/remove', { schema: { body: GroupNumberBody } }, async (req) => {
      const me = sessionOf(req).wtId
      await runGroupChange(ctx, async (q, fx) => dissolve(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Owner, true)))
      return ok(null, '解散群聊成功')
    })

    r.post('/memberBlack/list', { schema: { body: PagedGroupBody } }, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Admin)
      return ok(await blacklistPage(ctx.db, access, req.body.pageNum, req.body.pageSize))
    })

    r.post('/memberBlack/add', { schema: { body: MembersBody } }, async (req) => {
      const me = sessionOf(req).wtId
      const added = await runGroupChange(ctx, async (q, fx) =>
        blacklistAdd(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Admin, true), req.body.wtIds),
      )
      return ok({ added }, '操作成功')
    })

    r.post('/memberBlack/remove', { schema: { body: MembersBody } }, async (req) => {
      const me = sessionOf(req).wtId
      const removed = await ctx.db.tx(async (q) => blacklistRemove(q, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Admin), req.body.wtIds))
      return ok({ removed }, '操作成功')
    })

    r.post('/admin/getMutedList', { schema: { body: CandidateListBody } }, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Admin)
      return ok(await memberPage(ctx.db, access.group.group_id, MemberFilter.Muted, req.body))
    })

    r.post('/admin/batchMuted', { schema: { body: BatchMuteBody } }, async (req) => {
      const me = sessionOf(req).wtId
      const muted = await runGroupChange(ctx, async (q, fx) =>
        batchMute(q, fx, await requireRole(q, req.body.groupNumber, me, GroupIdentity.Admin, true), req.body.wtIds, req.body.muteTime),
      )
      return ok({ muted }, GroupText.Modified)
    })

    r.post('/admin/withdrawMsg', { schema: { body: WithdrawOneBody } }, async (req) => {
      const me = sessionOf(req).wtId
      const b = req.body
      const result = await runGroupChange(ctx, async (q, fx) => withdraw(q, fx, await requireRole(q, b.groupNumber, me, GroupIdentity.Admin), b.userWtId, b.msgSeq, true))
      return ok(result, '撤回成功')
    })

    r.post('/admin/withdrawWebMsgByUser', { schema: { body: WithdrawByUserBody } }, async (req) => {
      const me = sessionOf(req).wtId
      const b = req.body
      const result = await runGroupChange(ctx, async (q, fx) =>
        withdraw(q, fx, await requireRole(q, b.groupNumber, me, GroupIdentity.Admin), b.userWtId, b.lastMessageSequence, false),
      )
      return ok(result, '撤回成功')
    })

    // Candidate lists of the management screens: who can become admin, who is admin, who can be muted.
    const candidates = (path: string, min: GroupIdentity, filter: MemberFilter) =>
      r.post(path, { schema: { body: CandidateListBody } }, async (req) => {
        const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, min)
        return ok(await memberPage(ctx.db, access.group.group_id, filter, req.body))
      })
    candidates('/member/position/addList', GroupIdentity.Owner, MemberFilter.Members)
    candidates('/member/position/removeList', GroupIdentity.Owner, MemberFilter.Admins)
    candidates('/member/position/managerList', GroupIdentity.Member, MemberFilter.Managers)
    candidates('/member/position/mutedList', GroupIdentity.Admin, MemberFilter.Members)
  }
}
