import type { FastifyInstance } from 'fastify'
import { accountRoutes } from '../../../types/routes/account.js'
import { userTopic } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import { kickSessions } from '../domain/notify.js'
import { endCallsOf } from '../realtime/calls.js'
import { feedsChanged } from '../realtime/momentEvents.js'
import { changePassword, clearLockPassword, requireUser, setLockPassword } from '../domain/accountSecurity.js'
import { listDevices, logoutDevice } from '../domain/devices.js'
import { updateOwnProfile } from '../domain/profile.js'
import { revokeSession, revokeUserSessions } from '../domain/sessions.js'
import { getUserConfig, toUserInfo } from '../domain/users.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** Spec section 7 "Login and user": the logged-in user's own account, plus the security settings. */
export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))
    const me = (wtId: string) => requireUser(ctx.db, wtId)

    serve(app, accountRoutes.logout, async (req) => {
      const { wtId, tokenHash } = sessionOf(req)
      await revokeSession(ctx.db, tokenHash)
      await ctx.bus.publish(userTopic(wtId), { onlySession: tokenHash, close: true })
      return ok(null, '已退出登录')
    })

    serve(app, accountRoutes.info, async (req) => ok(toUserInfo(await me(sessionOf(req).wtId), ctx.config.adminPhones)))

    serve(app, accountRoutes.updateProfile, async (req) => {
      const me = sessionOf(req).wtId
      const user = await updateOwnProfile(ctx.db, me, req.body)
      // Feeds show the nickname and avatar (a reply names the one replied to even to strangers).
      await feedsChanged(ctx, { people: [me] })
      return ok(toUserInfo(user, ctx.config.adminPhones), '修改成功')
    })

    serve(app, accountRoutes.userConfig, async (req) => ok(await getUserConfig(ctx.db, await me(sessionOf(req).wtId))))

    serve(app, accountRoutes.setLockPassword, async (req) => {
      await setLockPassword(ctx.db, sessionOf(req).wtId, req.body)
      return ok(null, '锁密码已开启')
    })

    serve(app, accountRoutes.clearLockPassword, async (req) => {
      await clearLockPassword(ctx.db, sessionOf(req).wtId, req.body.pwd)
      return ok(null, '锁密码已关闭')
    })

    serve(app, accountRoutes.changePassword, async (req) => {
      const { wtId, tokenHash } = sessionOf(req)
      const revoked = await changePassword(ctx.db, wtId, tokenHash, req.body.oldPwd, req.body.newPwd)
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
      const revoked = await revokeUserSessions(ctx.db, wtId)
      await endCallsOf(ctx, wtId)
      await kickSessions(ctx, wtId, revoked, '你已在所有设备上退出登录')
      return ok(null, '已退出所有设备')
    })
  }
}
