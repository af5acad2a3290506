import type { FastifyInstance } from 'fastify'
import { GroupText } from '../../../../types/group.js'
import { groupRoutes } from '../../../../types/routes/groups.js'
import type { AppContext } from '../../context.js'
import { setGroupField } from '../../app/groups/settings.js'
import { editedField } from '../../domain/groups/settings.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { serve } from '../../http/serve.js'

/** Spec 7 "Groups", settings: edit (one key), the long notice editor, welcome message, join level. Admins and the owner. */
export function groupSettingsPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, groupRoutes.edit, async (req) => {
      const { key, value } = editedField(req.body)
      const changed = await setGroupField(ctx, sessionOf(req).wtId, req.body.groupNumber, key, value)
      return ok({ changed }, GroupText.Modified)
    })

    serve(app, groupRoutes.setNotice, async (req) => {
      const changed = await setGroupField(ctx, sessionOf(req).wtId, req.body.groupNumber, 'groupNotice', req.body.groupNotice)
      return ok({ changed }, GroupText.Modified)
    })

    serve(app, groupRoutes.setWelcomeMsg, async (req) => {
      const changed = await setGroupField(ctx, sessionOf(req).wtId, req.body.groupNumber, 'groupWelcomeMsg', req.body.groupWelcomeMsg)
      return ok({ changed }, GroupText.Modified)
    })

    serve(app, groupRoutes.joinLimit, async (req) => {
      const changed = await setGroupField(ctx, sessionOf(req).wtId, req.body.groupNumber, 'limitLevel', req.body.limitLevel)
      return ok({ changed }, GroupText.Modified)
    })
  }
}
