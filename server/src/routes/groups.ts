import type { FastifyInstance } from 'fastify'
import { groupRoutes as groupTable } from '../../../types/routes/groups.js'
import type { AppContext } from '../context.js'
import { groupConversationId } from '../domain/conversationIds.js'
import { createGroup, listGroups } from '../domain/groups.js'
import { messageAt } from '../domain/messages.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'
import { pushConversation, pushMessage } from '../realtime/chatEvents.js'
import { parseConversationId } from '../domain/conversationIds.js'

/** Spec section 7 "Groups", as far as chat needs them: create and list. */
export function groupRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, groupTable.create, async (req) => {
      const me = sessionOf(req).wtId
      const created = await ctx.db.tx((q) => createGroup(q, me, req.body))
      const conversationID = groupConversationId(created.groupId)
      const ref = parseConversationId(me, conversationID)!
      const tip = await messageAt(ctx.db, ref.channelId, 1)
      if (tip) await pushMessage(ctx, tip, ref, created.members, null)
      for (const wtId of created.members) await pushConversation(ctx, wtId, conversationID)
      return ok({ txGroupid: created.groupId, groupNumber: created.groupNumber }, '创建成功')
    })

    serve(app, groupTable.list, async (req) => ok(await listGroups(ctx.db, sessionOf(req).wtId)))
  }
}
