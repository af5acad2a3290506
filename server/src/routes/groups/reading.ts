import type { FastifyInstance } from 'fastify'
import { GroupIdentity } from '../../../../types/group.js'
import { groupRoutes } from '../../../../types/routes/groups.js'
import type { AppContext } from '../../context.js'
import { membersOf } from '../../app/groups/admin.js'
import { groupCard, groupInfo, groupInfoAnswer, groupMemberCount, listByName, memberDetail } from '../../app/groups/reading.js'
import { MemberFilter } from '../../domain/groups/memberLists.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { publicOrigin } from '../../http/client.js'
import { ok } from '../../http/envelope.js'
import { serve } from '../../http/serve.js'

/** Spec 7 "Groups", reading: the group, its card, members (paged), one member, the count. */
export function groupReadingPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, groupRoutes.getInfoById, async (req) => ok(await groupInfo(ctx, sessionOf(req).wtId, req.body.groupNumber, publicOrigin(ctx.config, req))))

    serve(app, groupRoutes.info, async (req) => ok(await groupInfoAnswer(ctx, sessionOf(req).wtId, req.body.groupNumber, publicOrigin(ctx.config, req))))

    // The card is what a stranger sees before applying, so any logged-in user may read it.
    serve(app, groupRoutes.getCardInfoById, async (req) => ok(await groupCard(ctx, sessionOf(req).wtId, req.body.groupNumber)))

    serve(app, groupRoutes.listByName, async (req) => ok(await listByName(ctx, sessionOf(req).wtId, req.body.groupNickname)))

    serve(app, groupRoutes.memberList, async (req) => ok(await membersOf(ctx, sessionOf(req).wtId, GroupIdentity.Member, MemberFilter.All, req.body)))

    serve(app, groupRoutes.memberOneInfo, async (req) => ok(await memberDetail(ctx, sessionOf(req).wtId, req.body.groupNumber, req.body.wtId)))

    serve(app, groupRoutes.memberCount, async (req) => ok(await groupMemberCount(ctx, sessionOf(req).wtId, req.body.groupNumber)))
  }
}
