import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { adminRoutes } from '../../../types/routes/admin.js'
import { API_BASE_PATH } from '../../../types/routes/route.js'
import type { AppContext } from '../context.js'
import { listAudit, operatorName, overview, promoteByOperator, searchUsers, userDetail } from '../app/admin/accounts.js'
import { deleteHelperEntry, editableDicts, listHelperEntries, removeDictEntry, saveDictEntry, saveHelperEntry } from '../app/admin/content.js'
import { banUser, deactivateUser, editModeration, forceLogout, handleReport, restoreUser } from '../app/admin/lifecycle.js'
import { settle } from '../app/publish/index.js'
import { createCodesByOperator, exportCodes, grantByOperator, listCodes, membershipHistory } from '../app/admin/membership.js'
import { exportReports, listReports } from '../app/admin/reports.js'
import { requireOperatorRole } from '../app/admin/role.js'
import { currentModerationLists } from '../app/moderation.js'
import { dispositionHeader } from '../http/attachment.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

const EXPORT_PATHS = new Set([adminRoutes.exportCodes.path, adminRoutes.exportReports.path].map((p) => API_BASE_PATH + p))

const sendCsv = (reply: FastifyReply, name: string, body: string) =>
  reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', dispositionHeader(name)).header('cache-control', 'no-store').send(body)

/**
 * /api/admin/*: the operator console. Every route runs the session check and then the role
 * check (403 '当前操作没有权限' for anyone who is not an operator) before its handler.
 */
export function adminPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const session = requireSession(ctx)
    // On the request itself, before the body is parsed or validated: a stranger learns nothing about the routes' input.
    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      // A CSV download is a plain link (no header can be set on it): its token may come as `t`, as for media files.
      const t = (req.query as { t?: unknown }).t
      if (!req.headers.authorization && typeof t === 'string' && EXPORT_PATHS.has(req.routeOptions.url ?? '')) req.headers.authorization = `Bearer ${t}`
      await session(req, reply)
      await requireOperatorRole(ctx.db, sessionOf(req).wtId)
    })
    const op = (req: FastifyRequest) => sessionOf(req).wtId

    serve(app, adminRoutes.me, async (req) => ok(await operatorName(ctx, op(req))))
    serve(app, adminRoutes.overview, async (req) => ok(await overview(ctx, req.query.days, ctx.connectionCount?.() ?? 0)))
    serve(app, adminRoutes.users, async (req) => ok(await searchUsers(ctx, req.query)))
    serve(app, adminRoutes.userDetail, async (req) => ok(await userDetail(ctx.db, req.body.wtId, ctx.config.sessionIdleSeconds)))
    serve(app, adminRoutes.ban, async (req) => ok(await settle(ctx, banUser(ctx, op(req), req.body.wtId, req.body.days, req.body.reason)), '已封禁'))
    serve(app, adminRoutes.deactivate, async (req) => ok(await settle(ctx, deactivateUser(ctx, op(req), req.body.wtId, req.body.reason)), '已停用'))
    serve(app, adminRoutes.forceLogout, async (req) => ok(await settle(ctx, forceLogout(ctx, op(req), req.body.wtId, req.body.reason)), '已强制下线'))
    serve(app, adminRoutes.restore, async (req) => ok(await restoreUser(ctx, op(req), req.body.wtId), '已恢复'))
    serve(app, adminRoutes.promote, async (req) => ok(await promoteByOperator(ctx, op(req), req.body.wtId), '已设为管理员'))

    serve(app, adminRoutes.grant, async (req) => ok(await grantByOperator(ctx, op(req), req.body), '会员已更新'))
    serve(app, adminRoutes.history, async (req) => ok(await membershipHistory(ctx, req.query)))
    serve(app, adminRoutes.createCodes, async (req) => {
      const codes = await createCodesByOperator(ctx, op(req), req.body)
      return ok(codes, `已生成${codes.length}个兑换码`)
    })
    serve(app, adminRoutes.codes, async (req) => ok(await listCodes(ctx, req.query)))
    serve(app, adminRoutes.exportCodes, async (req, reply) =>
      sendCsv(reply, `redeem-codes${req.query.batch ? `-${req.query.batch}` : ''}.csv`, await exportCodes(ctx, op(req), req.query.batch)),
    )

    serve(app, adminRoutes.reports, async (req) => ok(await listReports(ctx, req.query)))
    serve(app, adminRoutes.handleReport, async (req) => ok(await settle(ctx, handleReport(ctx, op(req), req.body)), '已处理'))
    serve(app, adminRoutes.exportReports, async (req, reply) => sendCsv(reply, 'reports.csv', await exportReports(ctx, op(req))))

    serve(app, adminRoutes.moderation, async () => ok(await currentModerationLists(ctx)))
    serve(app, adminRoutes.addModeration, async (req) => ok(await editModeration(ctx, op(req), 'add', req.body.kind, req.body.value), '已添加'))
    serve(app, adminRoutes.removeModeration, async (req) => ok(await editModeration(ctx, op(req), 'remove', req.body.kind, req.body.value), '已删除'))

    serve(app, adminRoutes.helper, async () => ok(await listHelperEntries(ctx)))
    serve(app, adminRoutes.saveHelper, async (req) => ok(await saveHelperEntry(ctx, op(req), req.body), '已保存'))
    serve(app, adminRoutes.deleteHelper, async (req) => {
      await deleteHelperEntry(ctx, op(req), req.body.id)
      return ok(null, '已删除')
    })

    serve(app, adminRoutes.dicts, async () => ok(await editableDicts(ctx)))
    serve(app, adminRoutes.saveDict, async (req) => ok(await saveDictEntry(ctx, op(req), req.body), '已保存'))
    serve(app, adminRoutes.deleteDict, async (req) => ok(await removeDictEntry(ctx, op(req), req.body), '已删除'))

    serve(app, adminRoutes.audit, async (req) => ok(await listAudit(ctx, req.query)))
  }
}
