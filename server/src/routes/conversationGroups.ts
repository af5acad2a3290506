import type { FastifyInstance } from 'fastify'
import { sessionGroupRoutes } from '../../../types/routes/sessionGroups.js'
import { SessionGroupText } from '../../../types/sessionGroup.js'
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


    serve(app, sessionGroupRoutes.list, async (req) => ok(await listConversationGroups(ctx, sessionOf(req).wtId)))

    serve(app, sessionGroupRoutes.getById, async (req) => ok(await getConversationGroup(ctx, sessionOf(req).wtId, req.body.id)))

    serve(app, sessionGroupRoutes.add, async (req) =>
      ok(await settle(ctx, addConversationGroup(ctx, actorOf(req), req.body.groupName, req.body.relationList)), SessionGroupText.Created),
    )

    serve(app, sessionGroupRoutes.update, async (req) =>
      ok(await settle(ctx, updateConversationGroup(ctx, actorOf(req), req.body.id, req.body.groupName, req.body.relationList)), SessionGroupText.Changed),
    )

    serve(app, sessionGroupRoutes.hide, async (req) => {
      await settle(ctx, hideConversationGroup(ctx, actorOf(req), req.body.id, req.body.hideStatus))
      return ok(null, SessionGroupText.Changed)
    })

    serve(app, sessionGroupRoutes.sort, async (req) => {
      await settle(ctx, sortConversationGroups(ctx, actorOf(req), req.body.ids))
      return ok(null, SessionGroupText.Changed)
    })

    serve(app, sessionGroupRoutes.delete, async (req) => {
      await settle(ctx, deleteConversationGroups(ctx, actorOf(req), req.body.ids))
      return ok(null, SessionGroupText.Deleted)
    })
  }
}
