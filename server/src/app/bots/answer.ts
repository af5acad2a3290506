import { CALLBACK_HEADERS, CallbackReply, isRobotId, ROBOT_ID_PREFIX, type CallbackRequest } from '../../../../types/bots.js'
import { MsgType } from '../../../../types/chat.js'
import { TipOp } from '../../../../types/group.js'
import type { AppContext } from '../../context.js'
import { answeringBots, showOnlyTo, type BotRow } from '../../data/bots.js'
import { insertSystemMessage } from '../../data/messages/channels.js'
import { callbackSignature, robotTipProfile } from '../../domain/bots.js'
import { groupChannel } from '../../domain/conversationIds.js'
import { newEffects, type GroupEffects } from '../../domain/groups/effects.js'
import { ONLY_VISIBLE_TO } from '../../domain/groups/tips.js'
import type { MessageRow } from '../../domain/messages.js'
import { serverMsgId } from '../../domain/serverMsgIds.js'
import { newToken } from '../../domain/tokens.js'
import { buildMessage, storeRobotMessage, WeComFailure, type Posted } from './webhook.js'

export type AnswerCtx = Pick<AppContext, 'db' | 'moderation' | 'config' | 'botCallbacks' | 'log' | 'sends'>

/** Whether a stored group message mentions a robot (the only sends that pay for the lookup). */
export const mentionsRobot = (row: Pick<MessageRow, 'at_users'>) => row.at_users.some((id) => isRobotId(id))

const textOf = (row: MessageRow) => (row.type === MsgType.Text && typeof row.payload.text === 'string' ? row.payload.text : '')

/** The quote a reply carries (cloudCustomData.messageReply, as the client writes one). */
function quoteOf(row: MessageRow): string {
  return JSON.stringify({
    messageReply: {
      messageID: `${row.sender}-${row.client_msg_id}`,
      messageType: row.type,
      messageSender: row.name_card || row.nick || row.sender,
      messageAbstract: textOf(row).slice(0, 200),
    },
  })
}

/** The asker alone sees that the robot could not answer; everyone else sees nothing. */
async function noAnswerTip(ctx: AnswerCtx, fx: GroupEffects, bot: BotRow, asker: string): Promise<void> {
  const channelId = groupChannel(bot.group_id)
  await ctx.db.tx(async (q) => {
    const payload = { operationType: TipOp.Profile, operatorID: bot.bot_id, userIDList: [asker], nickList: [], newGroupProfile: robotTipProfile('noAnswer', bot.name) }
    const seq = await insertSystemMessage(q, channelId, bot.bot_id, MsgType.GroupTip, payload, serverMsgId('robot', newToken(12)))
    await showOnlyTo(q, channelId, seq, asker)
    fx.messages.push({ channelId, seq, groupId: bot.group_id, minIdentity: ONLY_VISIBLE_TO, extra: [asker] })
  })
}

async function askOne(ctx: AnswerCtx, bot: BotRow, row: MessageRow): Promise<{ reply: Posted | null; failure: string | null }> {
  const request: CallbackRequest = {
    robotId: bot.bot_id,
    group: { groupNumber: bot.group_number, name: bot.group_name },
    from: { userId: row.sender, nick: row.name_card || row.nick || '' },
    text: textOf(row),
    messageId: `${row.sender}-${row.client_msg_id}`,
    time: Math.floor(new Date(row.created_at).getTime() / 1000),
  }
  const body = JSON.stringify(request)
  const timestamp = String(Math.floor(Date.now() / 1000))
  const outcome = await ctx.botCallbacks.post(bot.callback_url, body, {
    [CALLBACK_HEADERS.timestamp]: timestamp,
    [CALLBACK_HEADERS.signature]: callbackSignature(bot.callback_secret, timestamp, body),
    [CALLBACK_HEADERS.robot]: bot.bot_id,
  })
  if (!outcome.ok) return { reply: null, failure: `${outcome.reason}: ${outcome.detail}` }
  const text = outcome.body.trim()
  // An empty answer means the robot chose to say nothing.
  if (text === '' || text === '{}') return { reply: null, failure: null }
  let parsed: ReturnType<typeof CallbackReply.safeParse>
  try {
    parsed = CallbackReply.safeParse(JSON.parse(text))
  } catch {
    return { reply: null, failure: 'the answer is not JSON' }
  }
  if (!parsed.success) return { reply: null, failure: `the answer is not a message: ${parsed.error.issues[0]?.message ?? ''}` }
  try {
    return { reply: await storeRobotMessage(ctx, bot, await buildMessage(ctx, bot, parsed.data), quoteOf(row)), failure: null }
  } catch (err) {
    if (err instanceof WeComFailure) return { reply: null, failure: err.message }
    throw err
  }
}

/**
 * Asks each outgoing robot a member's message mentions, and posts its answer quoting the
 * question. A robot that fails leaves the asker a tip only they see, and a log line.
 */
export async function answerMentions(ctx: AnswerCtx, groupId: string, row: MessageRow): Promise<{ replies: Posted[]; effects: GroupEffects }> {
  const fx = newEffects()
  const ids = row.at_users.filter((id) => id.startsWith(ROBOT_ID_PREFIX))
  const bots = await answeringBots(ctx.db, groupId, ids)
  const replies: Posted[] = []
  await Promise.all(
    bots.map(async (bot) => {
      const { reply, failure } = await askOne(ctx, bot, row)
      if (reply) replies.push(reply)
      if (failure) {
        ctx.log.warn({ event: 'robot callback failed', robotId: bot.bot_id, groupId, reason: failure }, 'robot could not answer')
        await noAnswerTip(ctx, fx, bot, row.sender)
      }
    }),
  )
  return { replies, effects: fx }
}
