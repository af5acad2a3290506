import type { FastifyInstance } from 'fastify'
import { GroupIdentity } from '../../../../types/group.js'
import { groupRoutes } from '../../../../types/routes/groups.js'
import type { AppContext } from '../../context.js'
import { openGroup, requireRole } from '../../domain/groups/access.js'
import { memberCount } from '../../domain/groups/currentMembers.js'
import { MemberFilter, memberDetail, memberPage } from '../../domain/groups/memberLists.js'
import { groupCard, groupInfo, groupInfoAnswer, listByName } from '../../domain/groups/reading.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { publicOrigin } from '../../http/client.js'
import { ok } from '../../http/envelope.js'
import { serve } from '../../http/serve.js'

/** Spec 7 "Groups", reading: the group, its card, members (paged), one member, the count. */
export function groupReadingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, groupRoutes.getInfoById, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Member)
      return ok(await groupInfo(ctx.db, access, publicOrigin(ctx.config, req)))
    })

    serve(app, groupRoutes.info, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Member)
      return ok(await groupInfoAnswer(ctx.db, access, publicOrigin(ctx.config, req)))
    })

    // The card is what a stranger sees before applying, so any logged-in user may read it.
    serve(app, groupRoutes.getCardInfoById, async (req) => {
      const access = await openGroup(ctx.db, req.body.groupNumber, sessionOf(req).wtId)
      return ok(await groupCard(ctx.db, access, sessionOf(req).wtId))
    })

    serve(app, groupRoutes.listByName, async (req) => ok(await listByName(ctx.db, sessionOf(req).wtId, req.body.groupNickname)))

    serve(app, groupRoutes.memberList, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Member)
      return ok(await memberPage(ctx.db, access.group.group_id, MemberFilter.All, req.body))
    })

    serve(app, groupRoutes.memberOneInfo, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Member)
      return ok(await memberDetail(ctx.db, access, req.body.wtId))
    })

    serve(app, groupRoutes.memberCount, async (req) => {
      const access = await requireRole(ctx.db, req.body.groupNumber, sessionOf(req).wtId, GroupIdentity.Member)
      return ok({ groupNumber: access.group.group_number, count: await memberCount(ctx.db, access.group.group_id) })
    })
  }
}
