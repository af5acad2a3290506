import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { adminRoutes } from '../../../types/routes/admin.js'
import { API_BASE_PATH } from '../../../types/routes/route.js'
import type { AppContext } from '../context.js'
import { adminUser, searchUsers, userDetail } from '../domain/admin/accounts.js'
import { audit, listAudit } from '../domain/admin/audit.js'
import { deleteDictEntry, deleteHelperEntry, editableDicts, helperEntries, saveDictEntry, saveHelperEntry } from '../domain/admin/content.js'
import { banUser, deactivateUser, editModeration, forceLogout, handleReport, restoreUser } from '../domain/admin/lifecycle.js'
import { codesCsv, createCodes, grantMembership, listCodes, membershipHistory } from '../domain/admin/membership.js'
import { overview } from '../domain/admin/overview.js'
import { listReports, reportsCsv } from '../domain/admin/reports.js'
import { promote, requireOperatorRole } from '../domain/admin/role.js'
import { moderationLists } from '../domain/moderation.js'
import { findUserById } from '../domain/users.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

const EXPORT_PATHS = new Set([adminRoutes.exportCodes.path, adminRoutes.exportReports.path].map((p) => API_BASE_PATH + p))

const sendCsv = (reply: FastifyReply, name: string, body: string) =>
  reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(body)

/**
 * /api/admin/*: the operator console. Every route runs the session check and then the role
 * check (403 '当前操作没有权限' for anyone who is not an operator) before its handler.
 */
export function adminRoutesPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const session = requireSession(ctx)
    // On the request itself, before the body is parsed or validated: a stranger learns nothing about the routes' input.
    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      // A CSV download is a plain link (no header can be set on it): its token may come as `t`, as for media files.
      const t = (req.query as { t?: unknown }).t
      if (!req.headers.authorization && typeof t === 'string' && EXPORT_PATHS.has(req.routeOptions.url ?? '')) req.headers.authorization = `Bearer ${t}`
      await session(req, reply)
      await requireOperatorRole(ctx.db, sessionOf(req).wtId, ctx.config.adminPhones)
    })
    const op = (req: FastifyRequest) => sessionOf(req).wtId
    const phones = ctx.config.adminPhones

    serve(app, adminRoutes.me, async (req) => {
      const me = await findUserById(ctx.db, op(req))
      return ok({ wtId: op(req), nickName: me?.nick_name ?? '' })
    })
    serve(app, adminRoutes.overview, async (req) => ok(await overview(ctx.db, req.query.days, ctx.connectionCount?.() ?? 0)))
    serve(app, adminRoutes.users, async (req) => ok(await searchUsers(ctx.db, req.query, phones)))
    serve(app, adminRoutes.userDetail, async (req) => ok(await userDetail(ctx.db, req.body.wtId, phones, ctx.config.sessionIdleSeconds)))
    serve(app, adminRoutes.ban, async (req) => ok(await banUser(ctx, op(req), req.body.wtId, req.body.days, req.body.reason), '已封禁'))
    serve(app, adminRoutes.deactivate, async (req) => ok(await deactivateUser(ctx, op(req), req.body.wtId, req.body.reason), '已停用'))
    serve(app, adminRoutes.forceLogout, async (req) => ok(await forceLogout(ctx, op(req), req.body.wtId, req.body.reason), '已强制下线'))
    serve(app, adminRoutes.restore, async (req) => ok(await restoreUser(ctx, op(req), req.body.wtId), '已恢复'))
    serve(app, adminRoutes.promote, async (req) => {
      const before = await adminUser(ctx.db, req.body.wtId, phones)
      await promote(ctx.db, req.body.wtId)
      const after = await adminUser(ctx.db, req.body.wtId, phones)
      await audit(ctx.db, op(req), 'promote', req.body.wtId, { operator: before.operator }, { operator: after.operator })
      return ok(after, '已设为管理员')
    })

    serve(app, adminRoutes.grant, async (req) => {
      const change = await grantMembership(ctx.db, op(req), req.body)
      await audit(ctx.db, op(req), 'membership.grant', req.body.wtId, change.before, change.after)
      return ok(await adminUser(ctx.db, req.body.wtId, phones), '会员已更新')
    })
    serve(app, adminRoutes.history, async (req) => ok(await membershipHistory(ctx.db, req.query)))
    serve(app, adminRoutes.createCodes, async (req) => {
      const codes = await createCodes(ctx.db, op(req), req.body)
      await audit(ctx.db, op(req), 'codes.create', codes[0]?.batch ?? '', null, { ...req.body, created: codes.length })
      return ok(codes, `已生成${codes.length}个兑换码`)
    })
    serve(app, adminRoutes.codes, async (req) => ok(await listCodes(ctx.db, req.query)))
    serve(app, adminRoutes.exportCodes, async (req, reply) => {
      await audit(ctx.db, op(req), 'codes.export', req.query.batch, null, null)
      return sendCsv(reply, `redeem-codes${req.query.batch ? `-${req.query.batch}` : ''}.csv`, await codesCsv(ctx.db, req.query.batch))
    })

    serve(app, adminRoutes.reports, async (req) => ok(await listReports(ctx.db, req.query)))
    serve(app, adminRoutes.handleReport, async (req) => ok(await handleReport(ctx, op(req), req.body), '已处理'))
    serve(app, adminRoutes.exportReports, async (req, reply) => {
      await audit(ctx.db, op(req), 'reports.export', '', null, null)
      return sendCsv(reply, 'reports.csv', await reportsCsv(ctx.db))
    })

    serve(app, adminRoutes.moderation, async () => ok(await moderationLists(ctx.db)))
    serve(app, adminRoutes.addModeration, async (req) => ok(await editModeration(ctx, op(req), 'add', req.body.kind, req.body.value), '已添加'))
    serve(app, adminRoutes.removeModeration, async (req) => ok(await editModeration(ctx, op(req), 'remove', req.body.kind, req.body.value), '已删除'))

    serve(app, adminRoutes.helper, async () => ok(await helperEntries(ctx.db)))
    serve(app, adminRoutes.saveHelper, async (req) => {
      const { before, after } = await saveHelperEntry(ctx.db, req.body)
      await audit(ctx.db, op(req), 'helper.save', String(after.id), before, after)
      return ok(after, '已保存')
    })
    serve(app, adminRoutes.deleteHelper, async (req) => {
      const before = await deleteHelperEntry(ctx.db, req.body.id)
      await audit(ctx.db, op(req), 'helper.delete', String(req.body.id), before, null)
      return ok(null, '已删除')
    })

    serve(app, adminRoutes.dicts, async () => ok(await editableDicts(ctx.db)))
    serve(app, adminRoutes.saveDict, async (req) => {
      const before = (await editableDicts(ctx.db)).filter((e) => e.dictType === req.body.dictType)
      await saveDictEntry(ctx.db, req.body)
      const after = await editableDicts(ctx.db)
      await audit(ctx.db, op(req), 'dict.save', req.body.dictType, before, after.filter((e) => e.dictType === req.body.dictType))
      return ok(after, '已保存')
    })
    serve(app, adminRoutes.deleteDict, async (req) => {
      await deleteDictEntry(ctx.db, req.body.dictType, req.body.dictValue)
      await audit(ctx.db, op(req), 'dict.delete', req.body.dictType, req.body, null)
      return ok(await editableDicts(ctx.db), '已删除')
    })

    serve(app, adminRoutes.audit, async (req) => ok(await listAudit(ctx.db, req.query)))
  }
}
