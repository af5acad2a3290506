import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  ConvType,
  ConversationBody,
  CustomDataBody,
  DeleteConversationBody,
  DraftBody,
  HistoryBody,
  MarkFoldBody,
  MuteBody,
  PinBody,
  ReadMembersBody,
  SinceBody,
} from '../../../types/chat.js'
import { userTopic } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import {
  conversationState,
  deleteConversation,
  getConversation,
  history,
  listConversations,
  openConversation,
  patchConversation,
  readMembers,
  since,
  type ConvPatch,
} from '../domain/conversations.js'
import { parseConversationId } from '../domain/conversationIds.js'
import { checkConversationPatch } from '../domain/contactRules.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { withReactions } from '../domain/messageOps/reactions.js'
import { notFound } from '../domain/refusal.js'
import { ok } from '../http/envelope.js'
import { pushConversation } from '../realtime/chatEvents.js'

/** The chat engine's HTTP side: conversation list and state, history and catch-up. Sends go over /ws. */
export function imRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.addHook('preHandler', requireSession(ctx))

    async function stateOf(me: string, conversationID: string) {
      const state = await conversationState(ctx.db, me, conversationID)
      if (!state) throw notFound('会话不存在')
      return state
    }

    r.get('/conversations', async (req) => ok(await listConversations(ctx.db, sessionOf(req).wtId)))

    r.post('/conversation/open', { schema: { body: ConversationBody } }, async (req) => {
      const me = sessionOf(req).wtId
      if (!(await openConversation(ctx.db, me, req.body.conversationID))) throw notFound('会话不存在')
      return ok(await getConversation(ctx.db, me, req.body.conversationID))
    })

    r.post('/messages/history', { schema: { body: HistoryBody } }, async (req) => {
      const me = sessionOf(req).wtId
      const state = await stateOf(me, req.body.conversationID)
      return ok(await withReactions(ctx.db, state.channel_id, me, await history(ctx.db, me, state, req.body.beforeSequence, req.body.count)))
    })

    r.post('/messages/since', { schema: { body: SinceBody } }, async (req) => {
      const me = sessionOf(req).wtId
      const state = await stateOf(me, req.body.conversationID)
      return ok(await withReactions(ctx.db, state.channel_id, me, await since(ctx.db, me, state, req.body.afterSequence, req.body.count)))
    })

    function patchRoute<B extends { conversationID: string }>(path: string, schema: import('zod').ZodType<B>, toPatch: (b: B) => ConvPatch) {
      r.post(path, { schema: { body: schema } }, async (req) => {
        const { wtId, tokenHash } = sessionOf(req)
        const body = req.body as B
        const patch = toPatch(body)
        await checkConversationPatch(ctx.db, wtId, body.conversationID, patch)
        if (!(await patchConversation(ctx.db, wtId, body.conversationID, patch))) throw notFound('会话不存在')
        await pushConversation(ctx, wtId, body.conversationID, tokenHash)
        return ok(await getConversation(ctx.db, wtId, body.conversationID))
      })
    }
    patchRoute('/conversation/pin', PinBody, (b) => ({ kind: 'pin', value: b.isPinned }))
    patchRoute('/conversation/mute', MuteBody, (b) => ({ kind: 'mute', value: b.isMuted }))
    patchRoute('/conversation/fold', MarkFoldBody, (b) => ({ kind: 'fold', value: b.folded }))
    patchRoute('/conversation/draft', DraftBody, (b) => ({ kind: 'draft', value: b.draftText }))
    patchRoute('/conversation/customData', CustomDataBody, (b) => ({ kind: 'customData', value: b.customData }))

    r.post('/conversation/delete', { schema: { body: DeleteConversationBody } }, async (req) => {
      const { wtId, tokenHash } = sessionOf(req)
      if (!(await deleteConversation(ctx.db, wtId, req.body.conversationID, req.body.clearHistory))) throw notFound('会话不存在')
      await ctx.bus.publish(userTopic(wtId), { frame: { type: 'convDeleted', conversationID: req.body.conversationID }, exceptSession: tokenHash })
      return ok(null, '删除成功')
    })

    r.post('/message/readMembers', { schema: { body: ReadMembersBody } }, async (req) => {
      const me = sessionOf(req).wtId
      const ref = parseConversationId(me, req.body.conversationID)
      if (!ref || ref.type !== ConvType.Group) throw notFound('群会话不存在')
      await stateOf(me, req.body.conversationID)
      const b = req.body
      return ok(await readMembers(ctx.db, ref.groupId, ref.channelId, b.sequence, b.filter, b.cursor, b.count))
    })
  }
}
