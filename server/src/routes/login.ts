import QRCode from 'qrcode'
import type { FastifyInstance } from 'fastify'
import { accountRoutes } from '../../../types/routes/account.js'
import type { AppContext } from '../context.js'
import {
  advanceQrLogin,
  completeTwoFactor,
  createQrLogin,
  lockPasswordTips,
  passwordLogin,
  pollQrLogin,
  register,
} from '../app/login.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { clientInfo, publicOrigin } from '../http/client.js'
import { ok } from '../http/envelope.js'
import { perAddress } from '../http/rateLimits.js'
import { serve } from '../http/serve.js'

/** Spec section 7 "Login and user": /api/user/login/*. */
export function loginPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const auth = { preHandler: requireSession(ctx) }
    const limits = ctx.config.rateLimits
    const logins = { rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000, keyGenerator: perAddress } }
    // Routes that write without a session (a QR code row, a new session) count per address, apart from the API's limit.
    const qrCodes = { rateLimit: { max: limits.qrCodesPerMinute, timeWindow: 60_000, keyGenerator: perAddress } }
    const exchanges = { rateLimit: { max: limits.codeExchangesPerMinute, timeWindow: 60_000, keyGenerator: perAddress } }

    serve(app, accountRoutes.loginByPhone, logins, async (req) =>
      ok(await passwordLogin(ctx, { phone: req.body.phone }, req.body.pwd, clientInfo(req)), '登录成功'),
    )

    serve(app, accountRoutes.loginById, logins, async (req) =>
      ok(await passwordLogin(ctx, { wtId: req.body.wtId }, req.body.pwd, clientInfo(req)), '登录成功'),
    )

    serve(app, accountRoutes.register, { rateLimit: { max: limits.registerPerHour, timeWindow: 3_600_000, keyGenerator: perAddress } }, async (req) => {
      const login = await register(ctx, { phone: req.body.phone, pwd: req.body.pwd, nickName: req.body.nickName }, clientInfo(req))
      return ok(login, '注册成功')
    })

    serve(app, accountRoutes.step2, exchanges, async (req) =>
      ok(await completeTwoFactor(ctx, req.body.ticket, req.body.lockPwd, clientInfo(req)), '登录成功'),
    )

    serve(app, accountRoutes.step2Tips, async (req) =>
      ok({ tips: await lockPasswordTips(ctx, req.body.ticket) }),
    )

    serve(app, accountRoutes.genQrCode, qrCodes, async (req) => {
      const { code, expiresIn } = await createQrLogin(ctx)
      const content = `${publicOrigin(ctx.config, req)}/messages?qrLogin=${code}`
      const svg = await QRCode.toString(content, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      return ok({ qrCode: code, content, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresIn })
    })

    serve(app, accountRoutes.pollQrCode, exchanges, async (req) => ok(await pollQrLogin(ctx, req.body.qrCode, clientInfo(req))))

    serve(app, accountRoutes.scanQrCode, auth, async (req) => {
      await advanceQrLogin(ctx, req.body.qrCode, sessionOf(req).wtId, 'scanned')
      return ok(null)
    })

    serve(app, accountRoutes.confirmQrCode, auth, async (req) => {
      await advanceQrLogin(ctx, req.body.qrCode, sessionOf(req).wtId, 'confirmed')
      return ok(null, '已确认登录')
    })
  }
}
