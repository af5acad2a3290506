import { ConvType, type Message } from '../../../../types/chat.js'
import type { SingleServerFrame } from '../../../../types/frames.js'
import { isSenderOnlyContactMessage } from '../../../../types/friends.js'
import { FANOUT_TOPIC, userTopic } from '../../bus/Bus.js'
import type { AppContext } from '../../context.js'
import type { ConvRef } from '../../domain/conversationIds.js'
import { getConversation } from '../../data/conversations.js'
import { FANOUT_LIST_MAX, toMessage, type MessageRow } from '../../domain/messages.js'

/**
 * Pushes a committed message to everyone who should see it. A C2C message looks different
 * to each side (the conversation ID names the other person), so it is two events; a group
 * message is one fan-out event, serialised once. For a group, `recipients` empty or longer
 * than FANOUT_LIST_MAX means "every member": the event then names the group, and each process
 * finds which of its connected users are members, so a 100,000-member group is never listed.
 * `senderView` is the message as its sender sees it, when the caller has made it already (the ack);
 * `memberVersion` the group's member version read with the send's rules, when known.
 */
export async function pushMessage(
  ctx: Pick<AppContext, 'bus'>,
  row: MessageRow,
  ref: ConvRef,
  recipients: readonly string[],
  senderSession: string | null,
  senderView: Message = toMessage(row, row.sender),
  memberVersion?: string,
) {
  const sender = row.sender
  if (ref.type === ConvType.C2C) {
    // The blacklist notice is the blocker's alone (migration 013 stores it so).
    if (!isSenderOnlyContactMessage(row.type, row.payload)) {
      await ctx.bus.publish(userTopic(ref.peer), { frame: { type: 'msg', message: toMessage(row, ref.peer) } })
    }
    await ctx.bus.publish(userTopic(sender), {
      frame: { type: 'msg', message: senderView },
      ...(senderSession ? { exceptSession: senderSession } : {}),
    })
    return
  }
  const frame: SingleServerFrame = { type: 'msg', message: senderView }
  const audience =
    recipients.length === 0 || recipients.length > FANOUT_LIST_MAX ? { group: ref.groupId, ...(memberVersion ? { memberVersion } : {}) } : { recipients }
  await ctx.bus.publish(FANOUT_TOPIC, { frame, ...audience, ...(senderSession ? { exceptUser: sender } : {}) })
  if (senderSession) await ctx.bus.publish(userTopic(sender), { frame, exceptSession: senderSession })
}

/** Sends the user's current view of one conversation to their devices (multi-device state). */
export async function pushConversation(ctx: AppContext, wtId: string, conversationID: string, exceptSession?: string) {
  const conversation = await getConversation(ctx.db, wtId, conversationID)
  if (!conversation) return
  await ctx.bus.publish(userTopic(wtId), { frame: { type: 'conv', conversation }, ...(exceptSession ? { exceptSession } : {}) })
}
