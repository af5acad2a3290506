import { ConvType } from '../../../types/chat.js'
import type { RevokedFrame } from '../../../types/frames.js'
import { FANOUT_TOPIC, userTopic } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import { c2cIdFor } from '../domain/conversationIds.js'
import { memberIds } from '../domain/groups/currentMembers.js'
import type { Revoked } from '../domain/messageOps/revoke.js'

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
