import type { FastifyInstance } from 'fastify'
import { ComplaintText, type ComplaintAddResult } from '../../../types/complaint.js'
import { miscRoutes } from '../../../types/routes/misc.js'
import type { AppContext } from '../context.js'
import { fileComplaint } from '../app/complaints.js'
import { settle } from '../app/publish/index.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** POST /api/complaint/add: a report of a user (type 0) or a group (type 1). */
export function complaintPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(app, miscRoutes.complaint, { preHandler: requireSession(ctx) }, async (req) => {
      const me = sessionOf(req).wtId
      const id = await settle(ctx, fileComplaint(ctx, me, req.body))
      return ok<ComplaintAddResult>({ id }, ComplaintText.Thanks)
    })
  }
}
