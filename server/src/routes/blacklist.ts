import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ContactText, type BlackResult } from '../../../types/friends.js'
import { contactRoutes } from '../../../types/routes/contacts.js'
import { addToBlacklist, listBlacklist, removeFromBlacklist } from '../app/blacklist.js'
import { settle } from '../app/publish/index.js'
import type { AppContext } from '../context.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** /api/user/friendBlack: my blacklist (ownerBlackStatus 0 → 1 on add, 1 → 0 on remove). */
export function blacklistPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, contactRoutes.blacklistAdd, async (req) => {
      const { wtId: me, tokenHash } = sessionOf(req)
      const ownerBlackStatus = await settle(ctx, addToBlacklist(ctx, me, req.body.friendWtId, tokenHash))
      return ok<BlackResult>({ ownerBlackStatus }, ContactText.BlackAdded)
    })

    serve(app, contactRoutes.blacklistRemove, async (req) => {
      const { wtId: me, tokenHash } = sessionOf(req)
      const ownerBlackStatus = await settle(ctx, removeFromBlacklist(ctx, me, req.body.friendWtId, tokenHash))
      return ok<BlackResult>({ ownerBlackStatus }, ContactText.BlackRemoved)
    })

    const list = async (req: FastifyRequest) => ok(await listBlacklist(ctx, sessionOf(req).wtId))
    serve(app, contactRoutes.blacklist, list)
    serve(app, contactRoutes.blacklistPost, list)
  }
}
