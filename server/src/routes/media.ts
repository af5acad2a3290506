import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { GROUP_CALL_ATTRIBUTE, GroupAttributesBody, MediaCallBody, MediaUploadBody, type GroupAttributesAnswer } from '../../../types/call.js'
import type { AppContext } from '../context.js'
import { groupCallInfo } from '../domain/calls/groupCalls.js'
import { endCallRecord, heartbeat, iceConfig, limitReached, startCallRecord } from '../domain/calls/limits.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'

/** /api/media: the call-time limit of messaging-app section 7 "Call server calls", ICE servers and the group call attribute. */
export function mediaRoutes(ctx: AppContext) {
  const cfg = ctx.config.calls
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.addHook('preHandler', requireSession(ctx))

    r.get('/checkCall', async (req) => ok(await limitReached(ctx.db, sessionOf(req).wtId, cfg)))

    r.post('/call', { schema: { body: MediaCallBody } }, async (req) => {
      const callId = await startCallRecord(ctx.db, sessionOf(req).wtId, req.body.acceptWtId, req.body.callType, cfg)
      return ok({ callId })
    })

    r.post('/uploadCall', { schema: { body: MediaUploadBody } }, async (req) => ok(await heartbeat(ctx.db, sessionOf(req).wtId, req.body.callId, cfg)))

    r.post('/exitCall', { schema: { body: MediaUploadBody } }, async (req) => ok(await endCallRecord(ctx.db, sessionOf(req).wtId, req.body.callId)))

    r.get('/iceServers', async (req) => ok(iceConfig(cfg, sessionOf(req).wtId)))

    // The group's attributes as the call widget reads them: inner_attr_kit_info of a live call.
    r.post('/getGroupAttributes', { schema: { body: GroupAttributesBody } }, async (req) => {
      const info = await groupCallInfo(ctx.db, sessionOf(req).wtId, req.body.groupID)
      const answer: GroupAttributesAnswer = { [GROUP_CALL_ATTRIBUTE]: info ? JSON.stringify(info) : '' }
      return ok(answer)
    })
  }
}
