import type { FastifyInstance } from 'fastify'
import { groupRoutes as routes } from '../../../../types/routes/groups.js'
import type { AppContext } from '../../context.js'
import { createGroup } from '../../app/groups/create.js'
import { myGroups } from '../../app/groups/reading.js'
import { requireSession, sessionOf } from '../../http/auth.js'
import { ok } from '../../http/envelope.js'
import { serve } from '../../http/serve.js'

/** Spec section 7 "Groups", as far as chat needs them: create and list. */
export function groupRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, routes.create, async (req) => {
      const created = await createGroup(ctx, sessionOf(req).wtId, req.body)
      return ok({ txGroupid: created.groupId, groupNumber: created.groupNumber }, '创建成功')
    })

    serve(app, routes.list, async (req) => ok(await myGroups(ctx, sessionOf(req).wtId)))
  }
}
