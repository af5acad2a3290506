import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ComplaintAddBody, ComplaintText, type ComplaintAddResult } from '../../../types/complaint.js'
import type { AppContext } from '../context.js'
import { addComplaint } from '../domain/complaints.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'

/** POST /api/complaint/add: a report of a user (type 0) or a group (type 1). */
export function complaintRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.post('/add', { preHandler: requireSession(ctx), schema: { body: ComplaintAddBody } }, async (req) => {
      const id = await addComplaint(ctx.db, ctx.config.uploadDir, sessionOf(req).wtId, req.body)
      return ok<ComplaintAddResult>({ id }, ComplaintText.Thanks)
    })
  }
}
