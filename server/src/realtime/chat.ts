import { ConvType, SEND_MISFILED_TEXT, SendError } from '../../../types/chat.js'
import { ResultCode } from '../../../types/codes.js'
import { FANOUT_TOPIC, userTopic } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import { c2cIdFor, parseConversationId } from '../domain/conversationIds.js'
import { typingAudience } from '../app/groups/memberLists.js'
import { badRequest, Refusal } from '../domain/refusal.js'
import { secondsSince } from '../ops/metrics.js'
import { handleRtcFrame, handleSfuFrame } from '../app/calls/signals.js'
import { send } from '../app/messages/send.js'
import { markRead, recordReceipts } from '../app/conversations.js'
import { settle } from '../app/publish/index.js'
import { publishSend } from '../app/publish/sends.js'
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
          const out = await send(ctx, me, session.tokenHash, frame.message)
          if (out.kind === 'misfiled') {
            ctx.log.error({ clientMsgId, sent: frame.message.conversationID, stored: out.stored }, 'send acknowledged under another conversation')
            return reply(nackFor(clientMsgId, new Refusal(ResultCode.ServerError, SEND_MISFILED_TEXT)))
          }
          // The acknowledgement follows the commit; pushes after it are best-effort.
          reply({ type: 'ack', clientMsgId, message: out.acked })
          ctx.metrics.sendToAck.observe(secondsSince(started))
          ctx.metrics.messagesAcked.inc()
          await publishSend(ctx, me, session.tokenHash, out)
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
          const typing = await typingAudience(ctx.db, ctx.memberLists, ref.groupId, me)
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
      case 'read':
        return settle(ctx, markRead(ctx, me, frame.conversationID, frame.sequence))
      case 'receipt':
        return settle(ctx, recordReceipts(ctx, me, frame.conversationID, frame.sequences))
    }
  }
}
