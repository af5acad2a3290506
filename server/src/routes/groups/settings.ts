import type { FastifyInstance } from 'fastify'
import { GroupIdentity, GroupText } from '../../../../types/group.js'
import { groupRoutes } from '../../../../types/routes/groups.js'
import type { AppContext } from '../../context.js'
import { requireRole } from '../../domain/groups/access.js'
import { editedField, setGroupField } from '../../domain/groups/settings.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { serve } from '../../http/serve.js'
import { runGroupChange } from './run.js'

/** Spec 7 "Groups", settings: edit (one key), the long notice editor, welcome message, join level. Admins and the owner. */
export function groupSettingsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    const set = (me: string, groupNumber: string, key: Parameters<typeof setGroupField>[3], value: string | number) =>
      runGroupChange(ctx, async (q, fx) => setGroupField(q, fx, await requireRole(q, groupNumber, me, GroupIdentity.Admin, true), key, value))

    serve(app, groupRoutes.edit, async (req) => {
      const { key, value } = editedField(req.body)
      const changed = await set(sessionOf(req).wtId, req.body.groupNumber, key, value)
      return ok({ changed }, GroupText.Modified)
    })

    serve(app, groupRoutes.setNotice, async (req) => {
      const changed = await set(sessionOf(req).wtId, req.body.groupNumber, 'groupNotice', req.body.groupNotice)
      return ok({ changed }, GroupText.Modified)
    })

    serve(app, groupRoutes.setWelcomeMsg, async (req) => {
      const changed = await set(sessionOf(req).wtId, req.body.groupNumber, 'groupWelcomeMsg', req.body.groupWelcomeMsg)
      return ok({ changed }, GroupText.Modified)
    })

    serve(app, groupRoutes.joinLimit, async (req) => {
      const changed = await set(sessionOf(req).wtId, req.body.groupNumber, 'limitLevel', req.body.limitLevel)
      return ok({ changed }, GroupText.Modified)
    })
  }
}
