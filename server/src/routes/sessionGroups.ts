import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sessionGroupRoutes } from '../../../types/routes/sessionGroups.js'
import { SessionGroupText } from '../../../types/sessionGroup.js'
import type { AppContext } from '../context.js'
import {
  addSessionGroup,
  deleteSessionGroups,
  getSessionGroup,
  hideSessionGroup,
  listSessionGroups,
  sortSessionGroups,
  updateSessionGroup,
} from '../domain/sessionGroups.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'
import { pushSessionGroups } from '../realtime/sessionGroupEvents.js'

/** /api/sessionGroup: the caller's own conversation groups; nobody reads or changes another user's. */
export function conversationGroupRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    const changed = (req: FastifyRequest) => {
      const { wtId, tokenHash } = sessionOf(req)
      return pushSessionGroups(ctx, wtId, tokenHash)
    }

    serve(app, sessionGroupRoutes.list, async (req) => ok(await listSessionGroups(ctx.db, sessionOf(req).wtId)))

    serve(app, sessionGroupRoutes.getById, async (req) => ok(await getSessionGroup(ctx.db, sessionOf(req).wtId, req.body.id)))

    serve(app, sessionGroupRoutes.add, async (req) => {
      const group = await ctx.db.tx((q) => addSessionGroup(q, sessionOf(req).wtId, req.body.groupName, req.body.relationList))
      await changed(req)
      return ok(group, SessionGroupText.Created)
    })

    serve(app, sessionGroupRoutes.update, async (req) => {
      const group = await ctx.db.tx((q) => updateSessionGroup(q, sessionOf(req).wtId, req.body.id, req.body.groupName, req.body.relationList))
      await changed(req)
      return ok(group, SessionGroupText.Changed)
    })

    serve(app, sessionGroupRoutes.hide, async (req) => {
      await ctx.db.tx((q) => hideSessionGroup(q, sessionOf(req).wtId, req.body.id, req.body.hideStatus))
      await changed(req)
      return ok(null, SessionGroupText.Changed)
    })

    serve(app, sessionGroupRoutes.sort, async (req) => {
      await ctx.db.tx((q) => sortSessionGroups(q, sessionOf(req).wtId, req.body.ids))
      await changed(req)
      return ok(null, SessionGroupText.Changed)
    })

    serve(app, sessionGroupRoutes.delete, async (req) => {
      await ctx.db.tx((q) => deleteSessionGroups(q, sessionOf(req).wtId, req.body.ids))
      await changed(req)
      return ok(null, SessionGroupText.Deleted)
    })
  }
}
