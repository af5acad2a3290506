import type { FastifyInstance } from 'fastify'
import { AdminText } from '../../../types/admin.js'
import { memberRoutes } from '../../../types/routes/member.js'
import type { AppContext } from '../context.js'
import { deleteOwnAccount } from '../app/admin/lifecycle.js'
import { settle } from '../app/publish/index.js'
import { memberCentre, redeemCode } from '../app/admin/membership.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'
import { feedsChanged } from '../app/publish/moments.js'

/** The membership centre (/member) and the end of the own account. */
export function memberPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))
    const centre = (wtId: string) =>
      memberCentre(ctx.db, wtId, { dailyCallSeconds: ctx.config.calls.dailyLimitSeconds, uploadBytesPerHour: ctx.config.rateLimits.uploadBytesPerHour })

    serve(app, memberRoutes.centre, async (req) => ok(await centre(sessionOf(req).wtId)))
    serve(app, memberRoutes.redeem, async (req) => {
      await redeemCode(ctx.db, sessionOf(req).wtId, req.body.code)
      return ok(await centre(sessionOf(req).wtId), AdminText.Redeemed)
    })
    serve(app, memberRoutes.deleteAccount, async (req) => {
      await settle(ctx, deleteOwnAccount(ctx, sessionOf(req).wtId, req.body.pwd))
      // The account's friendships, moments and name all go: any feed may have shown them.
      await feedsChanged(ctx, { all: true })
      return ok(null, '账号已注销')
    })
  }
}
