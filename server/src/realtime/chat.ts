import { ConvType, MsgType, SEND_MISFILED_TEXT, SendError } from '../../../types/chat.js'
import { HELPER_ID } from '../../../types/favorites.js'
import { ResultCode } from '../../../types/codes.js'
import { FANOUT_TOPIC, userTopic } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import { callSignalOf, checkCallSignal } from '../domain/calls/callMessages.js'
import { c2cIdFor, parseConversationId } from '../domain/conversationIds.js'
import { conversationState, markRead, recordReceipts } from '../domain/conversations.js'
import { typingAudience } from '../domain/groups/typingAudience.js'
import { messageAt, sendMessage, toMessage } from '../domain/messages.js'
import { checkMentions } from '../domain/messageOps/mentions.js'
import { badRequest, Refusal } from '../domain/refusal.js'
import { secondsSince } from '../ops/metrics.js'
import { afterCallMessage, applyStoredCallMessage, handleRtcFrame, handleSfuFrame } from './calls.js'
import { pushConversation, pushMessage } from './chatEvents.js'
import { answerHelperText } from './helperEvents.js'
import type { FrameHandler } from './gateway.js'
import { nackFor } from './refusals.js'

const MODERATION_CODES: ReadonlySet<number> = new Set([SendError.BlockedWord, SendError.SensitiveText, SendError.SensitiveImage, SendError.BannedFile])

/** The chat side of /ws: sends, typing, read state and group receipts. */
export function chatFrameHandler(ctx: AppContext): FrameHandler {
  return async (session, frame, reply) => {
    const me = session.wtId
    switch (frame.type) {
      case 'rtc':
        return handleRtcFrame(ctx, session, frame)
      case 'sfu':
        return handleSfuFrame(ctx, session, frame, reply)
      case 'send': {
        const { clientMsgId } = frame.message
        const started = performance.now()
        try {
          const call = callSignalOf(frame.message)
          if (call) await checkCallSignal(ctx.db, me, frame.message.conversationID, call)
          await checkMentions(ctx.db, ctx.config.chatFeatures, me, frame.message)
          const result = await sendMessage(ctx, me, frame.message)
          if (result.created && call) await applyStoredCallMessage(ctx, me, call, session.tokenHash)
          const acked = toMessage(result.message, me)
          if (acked.conversationID !== frame.message.conversationID) {
            // Unreachable by construction (sendMessage reads the channel back); if it ever happens the
            // sender must not file another conversation's message under the one on screen.
            ctx.log.error({ clientMsgId, sent: frame.message.conversationID, stored: acked.conversationID }, 'send acknowledged under another conversation')
            return reply(nackFor(clientMsgId, new Refusal(ResultCode.ServerError, SEND_MISFILED_TEXT)))
          }
          // The acknowledgement follows the commit; pushes after it are best-effort.
          reply({ type: 'ack', clientMsgId, message: acked })
          ctx.metrics.sendToAck.observe(secondsSince(started))
          ctx.metrics.messagesAcked.inc()
          // Receivers derive their conversation rows (last message, unread) from the message itself.
          if (result.created) {
            const fanoutStarted = performance.now()
            await pushMessage(ctx, result.message, result.ref, result.recipients, session.tokenHash, acked, result.memberVersion)
            ctx.metrics.fanout.observe(secondsSince(fanoutStarted))
          }
          if (result.created && call) await afterCallMessage(ctx, call)
          const m = frame.message
          if (result.created && result.ref.type === ConvType.C2C && result.ref.peer === HELPER_ID && m.type === MsgType.Text) {
            // The user's message is acknowledged already: a failed answer is logged, never a nack.
            await answerHelperText(ctx, me, clientMsgId, m.payload.text).catch((err: unknown) => ctx.log.warn({ err }, 'helper answer failed'))
          }
        } catch (err) {
          if (!(err instanceof Refusal)) {
            ctx.metrics.sendFailures.inc({ code: ResultCode.ServerError })
            ctx.log.error({ event: 'send failure', err, wtId: me, conversationID: frame.message.conversationID, clientMsgId }, 'message send failed')
            throw err
          }
          ctx.metrics.sendFailures.inc({ code: err.code })
          const moderation = MODERATION_CODES.has(err.code)
          ctx.log.info(
            { event: moderation ? 'moderation refusal' : 'send refused', code: err.code, wtId: me, conversationID: frame.message.conversationID, clientMsgId },
            moderation ? 'message refused by moderation' : 'message send refused',
          )
          reply(nackFor(clientMsgId, err))
        }
        return
      }
      case 'typing': {
        const ref = parseConversationId(me, frame.conversationID)
        if (!ref) throw badRequest('conversationID: 会话不存在')
        if (ref.type === ConvType.C2C) {
          await ctx.bus.publish(userTopic(ref.peer), { frame: { type: 'typing', conversationID: c2cIdFor(me), from: me, typing: frame.typing } })
        } else {
          const typing = await typingAudience(ctx.db, ref.groupId, me)
          if (!typing) return
          // The same audience rule as messages (pushMessage): a list when the group is small, the
          // group's name when it is larger, so a keystroke never lists a huge membership.
          const audience = typing.members ? { recipients: typing.members } : { group: ref.groupId, memberVersion: typing.version }
          await ctx.bus.publish(FANOUT_TOPIC, {
            frame: { type: 'typing', conversationID: frame.conversationID, from: me, typing: frame.typing },
            ...audience,
            exceptUser: me,
          })
        }
        return
      }
      case 'read': {
        const ref = parseConversationId(me, frame.conversationID)
        const seq = ref && (await markRead(ctx.db, me, frame.conversationID, frame.sequence))
        if (!ref || seq === null) throw badRequest('conversationID: 会话不存在')
        await pushConversation(ctx, me, frame.conversationID)
        if (ref.type === ConvType.C2C) {
          await ctx.bus.publish(userTopic(ref.peer), { frame: { type: 'read', conversationID: c2cIdFor(me), reader: me, sequence: seq } })
        }
        return
      }
      case 'receipt': {
        const ref = parseConversationId(me, frame.conversationID)
        const state = ref && (await conversationState(ctx.db, me, frame.conversationID))
        if (!ref || !state || ref.type !== ConvType.Group) throw badRequest('conversationID: 群会话不存在')
        const counted = await recordReceipts(ctx.db, me, ref.channelId, frame.sequences)
        for (const { seq, sender } of counted) {
          const row = await messageAt(ctx.db, ref.channelId, seq)
          if (!row) continue
          const m = toMessage(row, sender)
          await ctx.bus.publish(userTopic(sender), {
            frame: { type: 'receipt', conversationID: frame.conversationID, sequence: seq, ...m.readReceiptInfo },
          })
        }
        return
      }
    }
  }
}
