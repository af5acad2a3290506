import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { chatRoutes } from '../../../types/routes/chat.js'
import type { JsonRoute } from '../../../types/routes/route.js'
import type { AppContext } from '../context.js'
import type { ConvPatch } from '../domain/conversations.js'
import { catchUp, hideConversation, historyPage, locate, myConversations, openConversation, patch, readMembers } from '../app/conversations.js'
import { settle } from '../app/publish/index.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** The chat engine's HTTP side: conversation list and state, history and catch-up. Sends go over /ws. */
export function imPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, chatRoutes.conversations, async (req) => ok(await myConversations(ctx, sessionOf(req).wtId)))

    serve(app, chatRoutes.open, async (req) => ok(await openConversation(ctx, sessionOf(req).wtId, req.body.conversationID)))

    serve(app, chatRoutes.history, async (req) => ok(await historyPage(ctx, sessionOf(req).wtId, req.body.conversationID, req.body.beforeSequence, req.body.count)))

    serve(app, chatRoutes.locate, async (req) => ok({ sequence: await locate(ctx, sessionOf(req).wtId, req.body.conversationID, req.body.messageID) }))

    serve(app, chatRoutes.since, async (req) => ok(await catchUp(ctx, sessionOf(req).wtId, req.body.conversationID, req.body.afterSequence, req.body.count)))

    type PatchRoute<B> = JsonRoute & { body: z.ZodType<B>; answer: typeof chatRoutes.pin.answer }
    function patchRoute<B extends { conversationID: string }>(route: PatchRoute<B>, toPatch: (b: B) => ConvPatch) {
      serve(app, route, async (req) => {
        const { wtId, tokenHash } = sessionOf(req)
        const body = req.body as B
        return ok(await settle(ctx, patch(ctx, wtId, tokenHash, body.conversationID, toPatch(body))))
      })
    }
    patchRoute(chatRoutes.pin, (b) => ({ kind: 'pin', value: b.isPinned }))
    patchRoute(chatRoutes.mute, (b) => ({ kind: 'mute', value: b.isMuted }))
    patchRoute(chatRoutes.fold, (b) => ({ kind: 'fold', value: b.folded }))
    patchRoute(chatRoutes.draft, (b) => ({ kind: 'draft', value: b.draftText }))
    patchRoute(chatRoutes.customData, (b) => ({ kind: 'customData', value: b.customData }))

    serve(app, chatRoutes.delete, async (req) => {
      const { wtId, tokenHash } = sessionOf(req)
      return ok(await settle(ctx, hideConversation(ctx, wtId, tokenHash, req.body.conversationID, req.body.clearHistory)), '删除成功')
    })

    serve(app, chatRoutes.readMembers, async (req) => ok(await readMembers(ctx, sessionOf(req).wtId, req.body)))
  }
}
