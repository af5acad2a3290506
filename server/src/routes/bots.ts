import fs from 'node:fs'
import path from 'node:path'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { WEBHOOK_LIMITS, WeComCode } from '../../../types/bots.js'
import { botRoutes } from '../../../types/routes/bots.js'
import { adminListRobots, adminPauseRobot, adminRemoveRobot, robotSwitch, setRobotSwitch } from '../app/bots/admin.js'
import { addRobot, listRobots, pauseRobot, regenerateKey, removeRobot } from '../app/bots/manage.js'
import { recordMedia, uploadingRobot } from '../app/bots/media.js'
import { postWebhook } from '../app/bots/webhook.js'
import type { AppContext } from '../context.js'
import { requireOperatorRole } from '../app/admin/role.js'
import { refusalForProblem } from '../domain/bots.js'
import { newToken } from '../domain/tokens.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { publicOrigin } from '../http/client.js'
import { ok } from '../http/envelope.js'
import { writeUpload } from '../http/fileStream.js'
import { serve } from '../http/serve.js'
import { publishRobotPost } from '../app/publish/bots.js'
import { publishEffects } from '../app/publish/groups.js'

/** An image's base64 inside JSON: a little over 4/3 of the 2 MB limit, and room for the rest. */
const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024 + 64 * 1024

/** Every failure of a webhook route in WeCom's shape (HTTP 200, as WeCom answers them). */
function wecomErrors() {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      if (err.validationContext === 'querystring') return reply.status(200).send({ errcode: WeComCode.InvalidWebhook, errmsg: 'invalid webhook url' })
      const first = err.validation[0]
      return reply.status(200).send(refusalForProblem(first?.instancePath ?? '', first?.message ?? ''))
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(200).send({ errcode: WeComCode.InvalidParameter, errmsg: 'request body too large' })
    if (err.statusCode && err.statusCode < 500) return reply.status(200).send({ errcode: WeComCode.InvalidParameter, errmsg: `invalid parameter: ${err.message}` })
    req.log.error({ err }, 'webhook failure')
    return reply.status(200).send({ errcode: -1, errmsg: 'system error' })
  }
}

/** The webhook (outside the session and the app's rate limit: it has its own), the group's robots, the operator's. */
export function botPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(async (hook) => {
      await hook.register(multipart, { limits: { fileSize: WEBHOOK_LIMITS.fileMaxBytes, files: 1, fields: 2 } })
      const options = { rateLimit: false as const, errorHandler: wecomErrors() }

      serve(hook, botRoutes.webhookSend, { ...options, bodyLimit: WEBHOOK_BODY_LIMIT }, async (req) => {
        const { answer, posted } = await postWebhook(ctx, req.query.key, req.ip, req.body)
        if (posted) await publishRobotPost(ctx, posted)
        return answer
      })

      serve(hook, botRoutes.webhookUpload, options, async (req) => {
        const robot = await uploadingRobot(ctx, req.query.key, req.ip, req.query.type)
        if ('errcode' in robot) return robot
        const part = req.isMultipart() ? await req.file().catch(() => undefined) : undefined
        if (!part || part.fieldname !== 'media') return { errcode: WeComCode.InvalidParameter, errmsg: 'invalid parameter: media missing' }
        const id = newToken(16)
        const target = path.join(ctx.config.uploadDir, id)
        await fs.promises.mkdir(ctx.config.uploadDir, { recursive: true })
        try {
          const written = await writeUpload(part.file, target)
          const name = path.basename(part.filename || 'file').slice(0, 255)
          const { answer, kept } = await recordMedia(ctx, robot, { id, name, ...written, truncated: part.file.truncated })
          if (!kept) await fs.promises.rm(target, { force: true })
          return answer
        } catch (err) {
          await fs.promises.rm(target, { force: true })
          throw err
        }
      })
    })

    await app.register(async (groups) => {
      groups.addHook('preHandler', requireSession(ctx))
      const me = (req: FastifyRequest) => sessionOf(req).wtId
      serve(groups, botRoutes.list, async (req) => ok(await listRobots(ctx, me(req), req.body.groupNumber)))
      serve(groups, botRoutes.add, async (req) => {
        const { result, effects } = await addRobot(ctx, me(req), publicOrigin(ctx.config, req), req.body)
        await publishEffects(ctx, effects)
        return ok(result, '已添加')
      })
      serve(groups, botRoutes.regenerate, async (req) => {
        const { result, effects } = await regenerateKey(ctx, me(req), publicOrigin(ctx.config, req), req.body.groupNumber, req.body.robotId)
        await publishEffects(ctx, effects)
        return ok(result, '已重置')
      })
      serve(groups, botRoutes.pause, async (req) => {
        const { result, effects } = await pauseRobot(ctx, me(req), req.body.groupNumber, req.body.robotId, req.body.paused)
        await publishEffects(ctx, effects)
        return ok(result, req.body.paused ? '已暂停' : '已恢复')
      })
      serve(groups, botRoutes.remove, async (req) => {
        const { result, effects } = await removeRobot(ctx, me(req), req.body.groupNumber, req.body.robotId)
        await publishEffects(ctx, effects)
        return ok(result, '已移除')
      })
    })

    await app.register(async (admin) => {
      const session = requireSession(ctx)
      admin.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        await session(req, reply)
        await requireOperatorRole(ctx.db, sessionOf(req).wtId)
      })
      const op = (req: FastifyRequest) => sessionOf(req).wtId
      serve(admin, botRoutes.adminList, async (req) => ok(await adminListRobots(ctx, req.query)))
      serve(admin, botRoutes.adminPause, async (req) => {
        const { result, effects } = await adminPauseRobot(ctx, op(req), req.body.robotId, req.body.paused)
        await publishEffects(ctx, effects)
        return ok(result, req.body.paused ? '已暂停' : '已恢复')
      })
      serve(admin, botRoutes.adminRemove, async (req) => {
        const { result, effects } = await adminRemoveRobot(ctx, op(req), req.body.robotId)
        await publishEffects(ctx, effects)
        return ok(result, '已移除')
      })
      serve(admin, botRoutes.adminSwitch, async () => ok(await robotSwitch(ctx)))
      serve(admin, botRoutes.adminSetSwitch, async (req) => ok(await setRobotSwitch(ctx, op(req), req.body.enabled), req.body.enabled ? '已开启' : '已关闭'))
    })
  }
}
