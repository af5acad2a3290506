import type { FastifyInstance } from 'fastify'
import { WechatText } from '../../../types/wechat.js'
import { wechatRoutes } from '../../../types/routes/wechat.js'
import { bindWechat, unbindWechat, wechatBound, wechatLogin, wechatSettings } from '../app/wechat/login.js'
import { acceptSubscriptions, subscriptionStatus } from '../app/wechat/subscriptions.js'
import type { AppContext } from '../context.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { clientInfo } from '../http/client.js'
import { ok } from '../http/envelope.js'
import { perAddress } from '../http/rateLimits.js'
import { serve } from '../http/serve.js'

/** The mini-program's WeChat login and subscription messages (README, "The WeChat mini-program"). */
export function wechatPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const auth = { preHandler: requireSession(ctx) }
    const limits = ctx.config.rateLimits
    // A code exchange is a login: the same per-address limit as the password logins.
    const logins = { rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000, keyGenerator: perAddress } }

    serve(app, wechatRoutes.config, async () => ok(wechatSettings(ctx)))
    serve(app, wechatRoutes.login, logins, async (req) => {
      const answer = await wechatLogin(ctx, req.body.code, clientInfo(req))
      return ok(answer, answer.status === 'ok' ? '登录成功' : '请登录或注册以绑定微信')
    })
    serve(app, wechatRoutes.bind, auth, async (req) => {
      await bindWechat(ctx, sessionOf(req).wtId, req.body.ticket)
      return ok({ bound: true }, WechatText.Bound)
    })
    serve(app, wechatRoutes.binding, auth, async (req) => ok({ bound: await wechatBound(ctx, sessionOf(req).wtId) }))
    serve(app, wechatRoutes.unbind, auth, async (req) => {
      await unbindWechat(ctx, sessionOf(req).wtId)
      return ok(null, WechatText.Unbound)
    })
    serve(app, wechatRoutes.subscribe, auth, async (req) => ok(await acceptSubscriptions(ctx, sessionOf(req).wtId, req.body.code, req.body.accepted), WechatText.Subscribed))
    serve(app, wechatRoutes.subscription, auth, async (req) => ok(await subscriptionStatus(ctx, sessionOf(req).wtId)))
  }
}
