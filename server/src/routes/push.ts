import type { FastifyInstance } from 'fastify'
import { pushRoutes } from '../../../types/routes/push.js'
import { changePreviews, registerSubscription, removeSubscription, subscriptionStatus } from '../app/push/subscriptions.js'
import type { AppContext } from '../context.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** Web Push registration for the installed H5 app (docs/operations.md, "Web Push"). */
export function webPushPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))
    const allowHttp = ctx.config.push.allowHttpEndpoints

    serve(app, pushRoutes.vapidPublicKey, async () => ok({ vapidPublicKey: ctx.push!.vapidPublicKey }))
    serve(app, pushRoutes.status, async (req) => ok(await subscriptionStatus(ctx.db, sessionOf(req), req.body)))
    serve(app, pushRoutes.subscribe, async (req) => {
      await registerSubscription(ctx.db, sessionOf(req), req.body, allowHttp)
      return ok(null, '已开启通知')
    })
    serve(app, pushRoutes.unsubscribe, async (req) => {
      await removeSubscription(ctx.db, sessionOf(req), req.body)
      return ok(null, '已关闭通知')
    })
    serve(app, pushRoutes.previews, async (req) => {
      await changePreviews(ctx.db, sessionOf(req).wtId, req.body.showPreviews)
      return ok(null, req.body.showPreviews ? '已显示消息预览' : '已隐藏消息预览')
    })
  }
}
