import { ConvType, type Reaction } from '../../../../types/chat.js'
import { ReactionFrame, type RevokedFrame } from '../../../../types/frames.js'
import type { ReactionBody } from '../../../../types/messageOps.js'
import { FANOUT_TOPIC, userTopic } from '../../bus/Bus.js'
import type { AppContext } from '../../context.js'
import { reactionLists } from '../../data/messageOps/reactions.js'
import { c2cIdFor, type ConvRef } from '../../domain/conversationIds.js'
import { memberIds } from '../../data/groups/currentMembers.js'
import type { Revoked } from '../../domain/messageOps/revoke.js'

/** Tells everyone in the conversation (every device of the revoker too) that a message is revoked. */
export async function pushRevoked(ctx: AppContext, me: string, r: Revoked): Promise<void> {
  const base = { type: 'revoked', sequence: r.row.seq, from: r.row.sender, revoker: r.revoker } as const
  if (r.ref.type === ConvType.C2C) {
    const mine: RevokedFrame = { ...base, conversationID: r.ref.conversationID }
    const theirs: RevokedFrame = { ...base, conversationID: c2cIdFor(me) }
    await ctx.bus.publish(userTopic(me), { frame: mine })
    await ctx.bus.publish(userTopic(r.ref.peer), { frame: theirs })
    return
  }
  const frame: RevokedFrame = { ...base, conversationID: r.ref.conversationID }
  await ctx.bus.publish(FANOUT_TOPIC, { frame, recipients: await memberIds(ctx.db, r.ref.groupId) })
}

/** Tells everyone in the conversation of a reaction: a C2C peer sees their own `reacted`, a group gets one shared frame. */
export async function pushReaction(ctx: AppContext, me: string, ref: ConvRef, channelId: string, body: ReactionBody, mine: Reaction[]): Promise<void> {
  const base = { type: 'reaction' as const, sequence: body.sequence, operator: me, reactionID: body.reactionID, added: body.add }
  if (ref.type === ConvType.C2C) {
    const theirs = (await reactionLists(ctx.db, channelId, [body.sequence], ref.peer)).get(body.sequence) ?? []
    await publishReaction(ctx, userTopic(ref.peer), { ...base, conversationID: c2cIdFor(me), reactionList: theirs })
    await publishReaction(ctx, userTopic(me), { ...base, conversationID: body.conversationID, reactionList: mine })
  } else {
    // One frame for the whole group: `reacted` is per viewer, so the fan-out copy leaves it to each client.
    const shared = mine.map((r) => ({ ...r, reacted: false }))
    await publishReaction(ctx, FANOUT_TOPIC, { ...base, conversationID: body.conversationID, reactionList: shared }, await memberIds(ctx.db, ref.groupId))
  }
}

async function publishReaction(ctx: AppContext, topic: string, frame: ReactionFrame, recipients?: string[]) {
  ReactionFrame.parse(frame)
  await ctx.bus.publish(topic, recipients ? { frame, recipients } : { frame })
}
