import type { FastifyInstance } from 'fastify'
import { conversationGroupRoutes } from '../../../types/routes/conversationGroups.js'
import { ConversationGroupText } from '../../../types/conversationGroup.js'
import {
  addConversationGroup,
  deleteConversationGroups,
  getConversationGroup,
  hideConversationGroup,
  listConversationGroups,
  sortConversationGroups,
  updateConversationGroup,
} from '../app/conversationGroups.js'
import { settle } from '../app/publish/index.js'
import type { AppContext } from '../context.js'
import { actorOf } from '../http/actor.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** /api/sessionGroup: the caller's own conversation groups; nobody reads or changes another user's. */
export function conversationGroupPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))


    serve(app, conversationGroupRoutes.list, async (req) => ok(await listConversationGroups(ctx, sessionOf(req).wtId)))

    serve(app, conversationGroupRoutes.getById, async (req) => ok(await getConversationGroup(ctx, sessionOf(req).wtId, req.body.id)))

    serve(app, conversationGroupRoutes.add, async (req) =>
      ok(await settle(ctx, addConversationGroup(ctx, actorOf(req), req.body.groupName, req.body.relationList)), ConversationGroupText.Created),
    )

    serve(app, conversationGroupRoutes.update, async (req) =>
      ok(await settle(ctx, updateConversationGroup(ctx, actorOf(req), req.body.id, req.body.groupName, req.body.relationList)), ConversationGroupText.Changed),
    )

    serve(app, conversationGroupRoutes.hide, async (req) => {
      await settle(ctx, hideConversationGroup(ctx, actorOf(req), req.body.id, req.body.hideStatus))
      return ok(null, ConversationGroupText.Changed)
    })

    serve(app, conversationGroupRoutes.sort, async (req) => {
      await settle(ctx, sortConversationGroups(ctx, actorOf(req), req.body.ids))
      return ok(null, ConversationGroupText.Changed)
    })

    serve(app, conversationGroupRoutes.delete, async (req) => {
      await settle(ctx, deleteConversationGroups(ctx, actorOf(req), req.body.ids))
      return ok(null, ConversationGroupText.Deleted)
    })
  }
}
