import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { GroupIdentity, GroupNumberBody, ListByNameBody, MemberListBody, MemberOneBody } from '../../../../types/group.js'
import type { AppContext } from '../../context.js'
import { openGroup, requireRole } from '../../domain/groups/access.js'
import { memberCount } from '../../domain/groups/currentMembers.js'
import { MemberFilter, memberDetail, memberPage } from '../../domain/groups/memberLists.js'
import { groupCard, groupInfo, groupInfoAnswer, listByName } from '../../domain/groups/reading.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { publicOrigin } from '../../http/client.js'
import { ok } from '../../http/envelope.js'

/** Spec 7 "Groups", reading: the group, its card, members (paged), one member, the count. */
export function groupReadingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.addHook('preHandler', requireSession(ctx))

    r.post('/getInfoById', { schema: { body: GroupNumberBody } }, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Member)
      return ok(await groupInfo(ctx.db, access, publicOrigin(ctx.config, req)))
    })

    r.post('/info', { schema: { body: GroupNumberBody } }, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Member)
      return ok(await groupInfoAnswer(ctx.db, access, publicOrigin(ctx.config, req)))
    })

    // The card is what a stranger sees before applying, so any logged-in user may read it.
    r.post('/getCardInfoById', { schema: { body: GroupNumberBody } }, async (req) => {
      const access = await openGroup(ctx.db, req.body.groupNumber, sessionOf(req).wtId)
      return ok(await groupCard(ctx.db, access, sessionOf(req).wtId))
    })

    r.post('/listByName', { schema: { body: ListByNameBody } }, async (req) => ok(await listByName(ctx.db, sessionOf(req).wtId, req.body.groupNickname)))

    r.post('/member/list', { schema: { body: MemberListBody } }, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Member)
      return ok(await memberPage(ctx.db, access.group.group_id, MemberFilter.All, req.body))
    })

    r.post('/member/oneInfo', { schema: { body: MemberOneBody } }, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Member)
      return ok(await memberDetail(ctx.db, access, req.body.wtId))
    })

    r.post('/member/count', { schema: { body: GroupNumberBody } }, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Member)
      return ok({ groupNumber: access.group.group_number, count: await memberCount(ctx.db, access.group.group_id) })
    })
  }
}
