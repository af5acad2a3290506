import { MsgType, type Reaction } from '../../../../types/chat.js'
import { MessageOpsCode, REACTION_KINDS_MAX, REACTION_LIMIT_TEXT, type ReactionBody } from '../../../../types/messageOps.js'
import type { AppContext } from '../../context.js'
import { addReaction, lockMessage, reactionKinds, reactionLists, removeReaction } from '../../data/messageOps/reactions.js'
import { badRequest, Refusal } from '../../domain/refusal.js'
import { pushReaction } from '../publish/messageOps.js'
import { openWindow, visibleMessage } from './access.js'

/** Adds or removes this user's reaction, within the per-message limit, and tells everyone in the conversation. */
export async function toggleReaction(ctx: AppContext, me: string, body: ReactionBody): Promise<Reaction[]> {
  const { ref, window } = await openWindow(ctx.db, me, body.conversationID)
  const channelId = window.channel_id
  await ctx.db.tx(async (q) => {
    const row = await visibleMessage(q, me, window, body.sequence)
    if (row.is_revoked || row.type === MsgType.GroupTip) throw badRequest('该消息不能回应')
    // The message row is the lock that keeps two concurrent reactions from passing the limit together.
    await lockMessage(q, channelId, body.sequence)
    if (!body.add) {
      await removeReaction(q, channelId, body.sequence, body.reactionID, me)
      return
    }
    const { kinds, present } = await reactionKinds(q, channelId, body.sequence, body.reactionID)
    if (!present && kinds >= REACTION_KINDS_MAX) throw new Refusal(MessageOpsCode.ReactionLimit, REACTION_LIMIT_TEXT)
    await addReaction(q, channelId, body.sequence, body.reactionID, me)
  })
  const mine = (await reactionLists(ctx.db, channelId, [body.sequence], me)).get(body.sequence) ?? []
  await pushReaction(ctx, me, ref, channelId, body, mine)
  return mine
}
