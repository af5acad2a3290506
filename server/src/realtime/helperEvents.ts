import { MsgType, type OutgoingMessage } from '../../../types/chat.js'
import { HELPER_ID, type HelperQuestion } from '../../../types/favorites.js'
import type { AppContext } from '../context.js'
import { c2cIdFor } from '../domain/conversationIds.js'
import { helperAnswer, helperQuestion } from '../domain/favorites/helper.js'
import { sendMessage } from '../domain/messages.js'
import { newToken } from '../domain/tokens.js'
import { pushMessage } from './chatEvents.js'
import { serverMsgId } from '../domain/serverMsgIds.js'

const textMessage = (conversationID: string, clientMsgId: string, text: string): OutgoingMessage => ({
  type: MsgType.Text,
  payload: { text },
  conversationID,
  clientMsgId,
  cloudCustomData: '',
  atUserList: [],
  needReadReceipt: false,
})

/** Sends one text and pushes it to both sides, as a client's send would. */
async function say(ctx: Pick<AppContext, 'db' | 'bus' | 'moderation'>, from: string, conversationID: string, clientMsgId: string, text: string): Promise<void> {
  const r = await sendMessage(ctx, from, textMessage(conversationID, clientMsgId, text))
  if (r.created) await pushMessage(ctx, r.message, r.ref, r.recipients, null)
}

/**
 * The helper answers a text the user sent it (its keyword answer or the fallback). The reply's
 * client ID derives from the question's, so a retried send is answered once.
 */
export async function answerHelperText(ctx: AppContext, me: string, clientMsgId: string, text: string): Promise<void> {
  const answer = await helperAnswer(ctx.db, text, ctx.config.footer.contact)
  await say(ctx, HELPER_ID, c2cIdFor(me), serverMsgId('re', clientMsgId), answer.replyMsg)
}

/** A FAQ entry clicked in the welcome card or the FAQ dialog: the question as the user's text, then its answer. */
export async function askHelper(ctx: AppContext, me: string, id: number): Promise<HelperQuestion> {
  const q = await helperQuestion(ctx.db, id)
  const ask = serverMsgId('faq', newToken(12))
  await say(ctx, me, c2cIdFor(HELPER_ID), ask, q.question)
  await say(ctx, HELPER_ID, c2cIdFor(me), serverMsgId('re', ask), q.replyMsg)
  return q
}

/**
 * A notice from the helper account to one user (ban reasons, warnings, report results). `key`
 * (a serverMsgId) is the message's client ID, so the same notice is written once.
 */
export async function helperNotice(ctx: Pick<AppContext, 'db' | 'bus' | 'moderation'>, to: string, key: string, text: string): Promise<void> {
  await say(ctx, HELPER_ID, c2cIdFor(to), key, text)
}
