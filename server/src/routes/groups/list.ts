import type { FastifyInstance } from 'fastify'
import { groupRoutes } from '../../../../types/routes/groups.js'
import type { AppContext } from '../../context.js'
import { createGroup } from '../../app/groups/create.js'
import { myGroups } from '../../app/groups/reading.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { serve } from '../../http/serve.js'

/** Spec section 7 "Groups", as far as chat needs them: create and list. */
export function groupPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, groupRoutes.create, async (req) => {
      const created = await createGroup(ctx, sessionOf(req).wtId, req.body)
      return ok({ txGroupid: created.groupId, groupNumber: created.groupNumber }, '创建成功')
    })

    serve(app, groupRoutes.list, async (req) => ok(await myGroups(ctx, sessionOf(req).wtId)))
  }
}
