import type { FastifyInstance } from 'fastify'
import { accountRoutes } from '../../../types/routes/account.js'
import { userTopic } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import { kickSessions } from '../app/publish/sessions.js'
import { endCallsOf } from '../app/calls/signals.js'
import { settle } from '../app/publish/index.js'
import { updateOwnProfile } from '../app/profile.js'
import { changePassword, clearLockPassword, requireUser, setLockPassword, userConfig } from '../app/accountSecurity.js'
import { listDevices, logoutDevice } from '../app/devices.js'
import { endAllSessions, endSession } from '../app/sessions.js'
import { toUserInfo } from '../domain/users.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** Spec section 7 "Login and user": the logged-in user's own account, plus the security settings. */
export function userPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))
    const me = (wtId: string) => requireUser(ctx.db, wtId)

    serve(app, accountRoutes.logout, async (req) => {
      const { wtId, tokenHash } = sessionOf(req)
      await endSession(ctx, tokenHash)
      await ctx.bus.publish(userTopic(wtId), { onlySession: tokenHash, close: true })
      return ok(null, '已退出登录')
    })

    serve(app, accountRoutes.info, async (req) => ok(toUserInfo(await me(sessionOf(req).wtId))))

    serve(app, accountRoutes.updateProfile, async (req) => {
      const me = sessionOf(req).wtId
      const user = await settle(ctx, updateOwnProfile(ctx, me, req.body))
      return ok(toUserInfo(user), '修改成功')
    })

    serve(app, accountRoutes.userConfig, async (req) => ok(await userConfig(ctx.db, sessionOf(req).wtId)))

    serve(app, accountRoutes.setLockPassword, async (req) => {
      await setLockPassword(ctx.db, ctx.passwords, sessionOf(req).wtId, req.body)
      return ok(null, '锁密码已开启')
    })

    serve(app, accountRoutes.clearLockPassword, async (req) => {
      await clearLockPassword(ctx.db, ctx.passwords, sessionOf(req).wtId, req.body.pwd)
      return ok(null, '锁密码已关闭')
    })

    serve(app, accountRoutes.changePassword, async (req) => {
      const { wtId, tokenHash } = sessionOf(req)
      const revoked = await changePassword(ctx.db, ctx.passwords, wtId, tokenHash, req.body.oldPwd, req.body.newPwd)
      await kickSessions(ctx, wtId, revoked, '密码已修改，请重新登录')
      return ok(null, '密码已修改')
    })

    serve(app, accountRoutes.devices, async (req) => {
      const { wtId, tokenHash } = sessionOf(req)
      return ok(await listDevices(ctx.db, wtId, tokenHash, ctx.config.sessionIdleSeconds))
    })

    serve(app, accountRoutes.logoutDevice, async (req) => {
      const { wtId } = sessionOf(req)
      const ended = await logoutDevice(ctx.db, wtId, req.body.id, ctx.config.sessionIdleSeconds)
      await kickSessions(ctx, wtId, [ended], '你已在其他设备上被退出登录')
      return ok(null, '已退出该设备')
    })

    serve(app, accountRoutes.logoutAll, async (req) => {
      const { wtId } = sessionOf(req)
      const revoked = await endAllSessions(ctx, wtId)
      // Told first, so a device in a call shows the widget's kick tip before the call's record,
      // written in this user's name, ends the call there (calling-widget section 8).
      await kickSessions(ctx, wtId, revoked, '你已在所有设备上退出登录')
      await endCallsOf(ctx, wtId)
      return ok(null, '已退出所有设备')
    })
  }
}
