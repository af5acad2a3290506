import type { FastifyInstance } from 'fastify'
import { callRoutes } from '../../../types/routes/calls.js'
import type { AppContext } from '../context.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** The TRTC media path of calls: the logged-in user's UserSig (501 without a TRTC application). */
export function trtcPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))
    serve(app, callRoutes.trtcUserSig, async (req) => ok(ctx.trtc.userSig(sessionOf(req).wtId)))
  }
}
