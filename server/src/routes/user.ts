import type { FastifyInstance } from 'fastify'
import { accountRoutes } from '../../../types/routes/account.js'
import { userTopic } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import { kickSessions } from '../domain/notify.js'
import { endCallsOf } from '../realtime/calls.js'
import { hashPassword, verifyPassword } from '../domain/passwords.js'
import { revokeSession, revokeUserSessions } from '../domain/sessions.js'
import { findUserById, getUserConfig, toUserInfo, type UserRow } from '../domain/users.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { badRequest, notFound } from '../http/errors.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** Spec section 7 "Login and user": the logged-in user's own account, plus the security settings. */
export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    async function me(wtId: string): Promise<UserRow> {
      const user = await findUserById(ctx.db, wtId)
      if (!user) throw notFound('用户不存在')
      return user
    }

    async function checkPassword(user: UserRow, pwd: string): Promise<void> {
      if (!(await verifyPassword(pwd, user.pwd_hash))) throw badRequest('登录密码错误')
    }

    serve(app, accountRoutes.logout, async (req) => {
      const { wtId, tokenHash } = sessionOf(req)
      await revokeSession(ctx.db, tokenHash)
      await ctx.bus.publish(userTopic(wtId), { onlySession: tokenHash, close: true })
      return ok(null, '已退出登录')
    })

    serve(app, accountRoutes.info, async (req) => ok(toUserInfo(await me(sessionOf(req).wtId))))

    serve(app, accountRoutes.userConfig, async (req) => ok(await getUserConfig(ctx.db, await me(sessionOf(req).wtId))))

    serve(app, accountRoutes.setLockPassword, async (req) => {
      const user = await me(sessionOf(req).wtId)
      await checkPassword(user, req.body.pwd)
      await ctx.db.query('UPDATE users SET lock_pwd_hash = $2, lock_pwd_tips = $3 WHERE wt_id = $1', [
        user.wt_id,
        await hashPassword(req.body.lockPwd),
        req.body.tips,
      ])
      return ok(null, '锁密码已开启')
    })

    serve(app, accountRoutes.clearLockPassword, async (req) => {
      const user = await me(sessionOf(req).wtId)
      await checkPassword(user, req.body.pwd)
      await ctx.db.query(`UPDATE users SET lock_pwd_hash = NULL, lock_pwd_tips = '' WHERE wt_id = $1`, [user.wt_id])
      return ok(null, '锁密码已关闭')
    })

    serve(app, accountRoutes.changePassword, async (req) => {
      const session = sessionOf(req)
      const user = await me(session.wtId)
      await checkPassword(user, req.body.oldPwd)
      const revoked = await ctx.db.tx(async (q) => {
        await q.query('UPDATE users SET pwd_hash = $2 WHERE wt_id = $1', [user.wt_id, await hashPassword(req.body.newPwd)])
        return revokeUserSessions(q, user.wt_id, session.tokenHash)
      })
      await kickSessions(ctx, user.wt_id, revoked, '密码已修改，请重新登录')
      return ok(null, '密码已修改')
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
