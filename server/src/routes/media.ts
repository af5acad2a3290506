import type { FastifyInstance } from 'fastify'
import { GROUP_CALL_ATTRIBUTE, type GroupAttributesAnswer } from '../../../types/call.js'
import { callRoutes } from '../../../types/routes/calls.js'
import type { AppContext } from '../context.js'
import { groupCallInfo } from '../app/calls/groupCalls.js'
import { endCallRecord, heartbeat, limitReached, startCallRecord } from '../app/calls/limits.js'
import { iceConfig } from '../domain/calls/limits.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** /api/media: the call-time limit of messaging-app section 7 "Call server calls", ICE servers and the group call attribute. */
export function mediaPlugin(ctx: AppContext) {
  const cfg = ctx.config.calls
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, callRoutes.checkCall, async (req) => ok(await limitReached(ctx.db, sessionOf(req).wtId, cfg)))

    serve(app, callRoutes.startCall, async (req) => {
      const callId = await startCallRecord(ctx.db, sessionOf(req).wtId, req.body.acceptWtId, req.body.callType, cfg)
      return ok({ callId })
    })

    serve(app, callRoutes.uploadCall, async (req) => ok(await heartbeat(ctx.db, sessionOf(req).wtId, req.body.callId, cfg)))

    serve(app, callRoutes.exitCall, async (req) => ok(await endCallRecord(ctx.db, sessionOf(req).wtId, req.body.callId)))

    serve(app, callRoutes.iceServers, async (req) => ok(iceConfig(cfg, sessionOf(req).wtId)))

    // The group's attributes as the call widget reads them: inner_attr_kit_info of a live call.
    serve(app, callRoutes.groupAttributes, async (req) => {
      const info = await groupCallInfo(ctx.db, sessionOf(req).wtId, req.body.groupID)
      const answer: GroupAttributesAnswer = { [GROUP_CALL_ATTRIBUTE]: info ? JSON.stringify(info) : '' }
      return ok(answer)
    })
  }
}
