import type { FastifyInstance } from 'fastify'
import type { ForwardResult } from '../../../types/messageOps.js'
import { chatRoutes } from '../../../types/routes/chat.js'
import type { AppContext } from '../context.js'
import { deleteForMe } from '../app/messageOps/deleteForMe.js'
import { forwardMessages } from '../app/messages/forward.js'
import { revokeMessage } from '../app/messages/revoke.js'
import { publish, settle } from '../app/publish/index.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** Revoke, delete and forward from the chat menu under /api/im/message/ (docs/protocol.md "Message operations"). */
export function messageActionPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, chatRoutes.revoke, async (req) => {
      const me = sessionOf(req).wtId
      const revoked = await settle(ctx, revokeMessage(ctx, me, req.body.conversationID, req.body.sequence))
      return ok({ conversationID: req.body.conversationID, sequence: req.body.sequence, revoker: revoked.revoker })
    })

    serve(app, chatRoutes.deleteMessages, async (req) => {
      const me = sessionOf(req).wtId
      return ok({ sequences: await deleteForMe(ctx, me, req.body.conversationID, req.body.sequences) }, '删除成功')
    })

    serve(app, chatRoutes.forward, async (req) => {
      const me = sessionOf(req).wtId
      const { value: done, effects } = await forwardMessages(ctx, me, req.body)
      // The copies' client IDs (fw-…) lead an operator here from a message to the one it copies.
      req.log.info(
        { event: 'forward', wtId: me, from: req.body.conversationID, sequences: req.body.sequences, merged: Boolean(req.body.merged), copies: done.sent.map((s) => ({ channel: s.message.channel_id, seq: s.message.seq, clientMsgId: s.message.client_msg_id })) },
        'messages forwarded',
      )
      await publish(ctx, effects)
      const result: ForwardResult = { results: done.results }
      return ok(result)
    })
  }
}
