import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { ConvType } from '../../../types/chat.js'
import { MessageOpsText } from '../../../types/messageOps.js'
import { chatRoutes } from '../../../types/routes/chat.js'
import type { JsonRoute } from '../../../types/routes/route.js'
import { userTopic } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import {
  conversationState,
  deleteConversation,
  getConversation,
  history,
  listConversations,
  locateMessage,
  openConversation,
  patchConversation,
  readMembers,
  since,
  type ConvPatch,
} from '../domain/conversations.js'
import { parseConversationId } from '../domain/conversationIds.js'
import { checkConversationPatch } from '../domain/contactRules.js'
import { ensureHelperConversation } from '../domain/favorites/helper.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { withReactions } from '../domain/messageOps/reactions.js'
import { notFound } from '../domain/refusal.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'
import { pushConversation } from '../realtime/chatEvents.js'

/** The chat engine's HTTP side: conversation list and state, history and catch-up. Sends go over /ws. */
export function imRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    async function stateOf(me: string, conversationID: string) {
      const state = await conversationState(ctx.db, me, conversationID)
      if (!state) throw notFound('会话不存在')
      return state
    }

    serve(app, chatRoutes.conversations, async (req) => {
      const me = sessionOf(req).wtId
      // Spec 1: every account has the official helper's conversation, with its welcome card.
      await ensureHelperConversation(ctx.db, me)
      return ok(await listConversations(ctx.db, me))
    })

    serve(app, chatRoutes.open, async (req) => {
      const me = sessionOf(req).wtId
      if (!(await openConversation(ctx.db, me, req.body.conversationID))) throw notFound('会话不存在')
      return ok(await getConversation(ctx.db, me, req.body.conversationID))
    })

    serve(app, chatRoutes.history, async (req) => {
      const me = sessionOf(req).wtId
      const state = await stateOf(me, req.body.conversationID)
      return ok(await withReactions(ctx.db, state.channel_id, me, await history(ctx.db, me, state, req.body.beforeSequence, req.body.count)))
    })

    serve(app, chatRoutes.locate, async (req) => {
      const me = sessionOf(req).wtId
      const sequence = await locateMessage(ctx.db, me, await stateOf(me, req.body.conversationID), req.body.messageID)
      if (sequence === null) throw notFound(MessageOpsText.NotLocatable)
      return ok({ sequence })
    })

    serve(app, chatRoutes.since, async (req) => {
      const me = sessionOf(req).wtId
      const state = await stateOf(me, req.body.conversationID)
      return ok(await withReactions(ctx.db, state.channel_id, me, await since(ctx.db, me, state, req.body.afterSequence, req.body.count)))
    })

    type PatchRoute<B> = JsonRoute & { body: z.ZodType<B>; answer: typeof chatRoutes.pin.answer }
    function patchRoute<B extends { conversationID: string }>(route: PatchRoute<B>, toPatch: (b: B) => ConvPatch) {
      serve(app, route, async (req) => {
        const { wtId, tokenHash } = sessionOf(req)
        const body = req.body as B
        const patch = toPatch(body)
        await checkConversationPatch(ctx.db, wtId, body.conversationID, patch)
        if (!(await patchConversation(ctx.db, wtId, body.conversationID, patch))) throw notFound('会话不存在')
        await pushConversation(ctx, wtId, body.conversationID, tokenHash)
        return ok(await getConversation(ctx.db, wtId, body.conversationID))
      })
    }
    patchRoute(chatRoutes.pin, (b) => ({ kind: 'pin', value: b.isPinned }))
    patchRoute(chatRoutes.mute, (b) => ({ kind: 'mute', value: b.isMuted }))
    patchRoute(chatRoutes.fold, (b) => ({ kind: 'fold', value: b.folded }))
    patchRoute(chatRoutes.draft, (b) => ({ kind: 'draft', value: b.draftText }))
    patchRoute(chatRoutes.customData, (b) => ({ kind: 'customData', value: b.customData }))

    serve(app, chatRoutes.delete, async (req) => {
      const { wtId, tokenHash } = sessionOf(req)
      if (!(await deleteConversation(ctx.db, wtId, req.body.conversationID, req.body.clearHistory))) throw notFound('会话不存在')
      await ctx.bus.publish(userTopic(wtId), { frame: { type: 'convDeleted', conversationID: req.body.conversationID }, exceptSession: tokenHash })
      return ok(null, '删除成功')
    })

    serve(app, chatRoutes.readMembers, async (req) => {
      const me = sessionOf(req).wtId
      const ref = parseConversationId(me, req.body.conversationID)
      if (!ref || ref.type !== ConvType.Group) throw notFound('群会话不存在')
      await stateOf(me, req.body.conversationID)
      const b = req.body
      return ok(await readMembers(ctx.db, ref.groupId, ref.channelId, b.sequence, b.filter, b.cursor, b.count))
    })
  }
}
