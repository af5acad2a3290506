import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { MEDIA_SWITCH_DICT, MediaCallBody, MediaUploadBody, type DictEntry } from '../../../types/call.js'
import type { AppContext } from '../context.js'
import { endCallRecord, heartbeat, iceConfig, limitReached, startCallRecord } from '../domain/callLimits.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'

/** /api/media: the call-time limit of messaging-app section 7 "Call server calls", ICE servers and the media switch. */
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

    // The web_media_switch dictionary value; the general dictionary endpoint lives elsewhere.
    r.get('/switch', async () => {
      const entry: DictEntry = { dictLabel: MEDIA_SWITCH_DICT, dictValue: cfg.mediaSwitch }
      return ok(entry)
    })
  }
}
