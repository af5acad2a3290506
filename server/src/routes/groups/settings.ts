import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { GroupEditBody, GroupIdentity, GroupText, JoinLimitBody, SetNoticeBody, WelcomeBody } from '../../../../types/group.js'
import type { AppContext } from '../../context.js'
import { requireRole } from '../../domain/groups/access.js'
import { editedField, setGroupField } from '../../domain/groups/settings.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { runGroupChange } from './run.js'

/** Spec 7 "Groups", settings: edit (one key), the long notice editor, welcome message, join level. Admins and the owner. */
export function groupSettingsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.addHook('preHandler', requireSession(ctx))

    const set = (me: string, groupNumber: string, key: Parameters<typeof setGroupField>[3], value: string | number) =>
      runGroupChange(ctx, async (q, fx) => setGroupField(q, fx, await requireRole(q, groupNumber, me, GroupIdentity.Admin, true), key, value))

    r.post('/edit', { schema: { body: GroupEditBody } }, async (req) => {
      const { key, value } = editedField(req.body)
      const changed = await set(sessionOf(req).wtId, req.body.groupNumber, key, value)
      return ok({ changed }, GroupText.Modified)
    })

    r.post('/admin/setNotice', { schema: { body: SetNoticeBody } }, async (req) => {
      const changed = await set(sessionOf(req).wtId, req.body.groupNumber, 'groupNotice', req.body.groupNotice)
      return ok({ changed }, GroupText.Modified)
    })

    r.post('/admin/setWelcomeMsg', { schema: { body: WelcomeBody } }, async (req) => {
      const changed = await set(sessionOf(req).wtId, req.body.groupNumber, 'groupWelcomeMsg', req.body.groupWelcomeMsg)
      return ok({ changed }, GroupText.Modified)
    })

    r.post('/admin/joinLimit', { schema: { body: JoinLimitBody } }, async (req) => {
      const changed = await set(sessionOf(req).wtId, req.body.groupNumber, 'limitLevel', req.body.limitLevel)
      return ok({ changed }, GroupText.Modified)
    })
  }
}
