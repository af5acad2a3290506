import type { CallSignal } from '../../../../types/call.js'
import { ConvType, MsgType, type Message, type OutgoingMessage } from '../../../../types/chat.js'
import { HELPER_ID } from '../../../../types/favorites.js'
import type { AppContext } from '../../context.js'
import { mentionRules } from '../../data/messages/sendRules.js'
import { callSignalOf } from '../../domain/calls/callMessages.js'
import { recordWriter } from '../../domain/calls/sessions.js'
import { c2cIdFor } from '../../domain/conversationIds.js'
import { asStoredCallMessage, checkCallSignal } from '../calls/sessions.js'
import { toMessage, type SendResult } from '../../domain/messages.js'
import { checkMentions, mentionGroupOf } from '../../domain/messageOps/mentions.js'
import { mentionsRobot } from '../bots/answer.js'
import { applyStoredCallMessage } from '../calls/signals.js'
import { sendMessage } from './sendMessage.js'

/**
 * What a stored send must still do after the sender's acknowledgement, in this order
 * (app/publish/sends.ts): none of it when the send was a retry of a message stored before.
 */
export interface SendEffects {
  /** The message to everyone who should see it, the sender's other devices too. */
  deliver: SendResult | null
  /** A call message's next steps once delivered: a busy invitee's answer, a group call's summary. */
  call: CallSignal | null
  /** The group whose robots the message mentions: they answer without holding up the socket. */
  robotsOf: string | null
  /** The text a user sent the helper account, which answers it. */
  helperText: string | null
}

export type SocketSend =
  /** Stored (or found stored, for a retry): `acked` is the message as the sender sees it. */
  | { kind: 'sent'; acked: Message; sent: SendResult; effects: SendEffects }
  /** The stored message reads back under another conversation than the one the frame names. */
  | { kind: 'misfiled'; stored: string }

/**
 * A send from the sender's socket (`device` is their login session), read top to bottom:
 * 1. the rules only some messages have: a call signal's (domain/calls/callMessages.ts; a
 *    one-to-one call's duration record takes the server's duration, app/calls/sessions.ts) and
 *    the @-mentions' (domain/messageOps/mentions.ts, one query when the message mentions someone);
 * 2. the send rules and the write (sendMessage.ts: domain/messages.ts's rules over
 *    data/messages/sendRules.ts, stored through the group-commit batcher of data/messages/);
 * 3. a stored call message moves the call's state before the acknowledgement, so the sender's
 *    next frames find it;
 * 4. the acknowledgement's view of the message, and the effects to publish after it.
 * Nothing here is published: the socket handler acknowledges, then hands the effects over.
 */
export async function send(ctx: AppContext, me: string, device: string, sentMsg: OutgoingMessage): Promise<SocketSend> {
  const signal = callSignalOf(sentMsg)
  if (signal) await checkCallSignal(ctx.db, me, sentMsg.conversationID, signal)
  // A one-to-one call's duration record carries the server's measure, not the sender's.
  const { call, msg } = signal ? await asStoredCallMessage(ctx.db, signal, sentMsg) : { call: null, msg: sentMsg }
  // A plain send costs no query for the mention rules.
  if (msg.atUserList.length > 0) checkMentions(await mentionRules(ctx.db, mentionGroupOf(ctx.config.chatFeatures, me, msg), me), msg)
  // A callee's hang up is the caller's record: stored in their name, in their view of this chat.
  const writer = call ? recordWriter(call, me) : me
  const sent = await sendMessage(ctx, writer, writer === me ? msg : { ...msg, conversationID: c2cIdFor(me) })
  if (sent.created && call) await applyStoredCallMessage(ctx, me, call, device)
  const acked = toMessage(sent.message, me)
  // Unreachable by construction (sendMessage reads the channel back); if it ever happens the
  // sender must not file another conversation's message under the one on screen.
  if (acked.conversationID !== msg.conversationID) return { kind: 'misfiled', stored: acked.conversationID }
  const created = sent.created
  const effects: SendEffects = {
    // Receivers derive their conversation rows (last message, unread) from the message itself.
    deliver: created ? sent : null,
    call: created ? call : null,
    robotsOf: created && sent.ref.type === ConvType.Group && mentionsRobot(sent.message) ? sent.ref.groupId : null,
    helperText: created && sent.ref.type === ConvType.C2C && sent.ref.peer === HELPER_ID && msg.type === MsgType.Text ? msg.payload.text : null,
  }
  return { kind: 'sent', acked, sent, effects }
}
