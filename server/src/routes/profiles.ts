import type { FastifyInstance } from 'fastify'
import type { FriendInfoResult } from '../../../types/friends.js'
import { accountRoutes } from '../../../types/routes/account.js'
import { sendContactMessage } from '../app/contactMessages.js'
import { settle } from '../app/publish/index.js'
import type { AppContext } from '../context.js'
import { friendInfo } from '../app/friends.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** /api/user/friendInfo and /api/user/sendCustomMessage: profiles and the contacts custom messages. */
export function profilePlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, accountRoutes.friendInfo, async (req) =>
      ok<FriendInfoResult>({ data: await friendInfo(ctx, sessionOf(req).wtId, req.body.searchId) }),
    )

    serve(app, accountRoutes.sendCustomMessage, async (req) => ok(await settle(ctx, sendContactMessage(ctx, sessionOf(req).wtId, req.body))))
  }
}
