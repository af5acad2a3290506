import { MsgType, type OutgoingMessage } from '../../../types/chat.js'
import { HELPER_ID, type HelperAnswer, type HelperQuestion } from '../../../types/favorites.js'
import type { AppContext } from '../context.js'
import * as replies from '../data/helperReplies.js'
import { ensureChannel, insertSystemMessage } from '../data/messages/channels.js'
import type { Db } from '../db/Db.js'
import { c2cChannel, c2cIdFor } from '../domain/conversationIds.js'
import { helperCard, helperFallback } from '../domain/favorites/helper.js'
import { sendMessage } from './messages/sendMessage.js'
import { notFound } from '../domain/refusal.js'
import { newToken } from '../domain/tokens.js'
import { pushMessage } from './publish/messages.js'
import { serverMsgId } from '../domain/serverMsgIds.js'

/** The FAQ, in the operator's order. */
export const helperQuestions = (ctx: Pick<AppContext, 'db'>): Promise<HelperQuestion[]> => replies.helperQuestions(ctx.db)

async function helperQuestion(db: Db, id: number): Promise<HelperQuestion> {
  const q = await replies.helperQuestion(db, id)
  if (!q) throw notFound('问题不存在')
  return q
}

/** The reply whose keyword the text contains, the longest keyword first; the fallback otherwise. */
export async function helperAnswer(ctx: Pick<AppContext, 'db' | 'config'>, text: string): Promise<HelperAnswer> {
  const reply = await replies.keywordReply(ctx.db, text)
  return reply !== null ? { replyMsg: reply, matched: true } : { replyMsg: helperFallback(ctx.config.footer.contact), matched: false }
}

/**
 * Gives `me` the helper conversation with its welcome card, once per account (spec 1: every
 * account has it). Locking the channel makes two first reads of one account write one card.
 * Returns true when it wrote the card.
 */
export async function ensureHelperConversation(db: Db, me: string): Promise<boolean> {
  const conversationID = c2cIdFor(HELPER_ID)
  if (await replies.hasConversation(db, me, conversationID)) return false
  const channelId = c2cChannel(me, HELPER_ID)
  return db.tx(async (q) => {
    await ensureChannel(q, channelId)
    await replies.lockChannel(q, channelId)
    if (await replies.hasConversation(q, me, conversationID)) return false
    const card = helperCard(await replies.helperQuestions(q))
    const seq = await insertSystemMessage(q, channelId, HELPER_ID, MsgType.Custom, { data: JSON.stringify(card), description: '[常见问题]', extension: '' }, serverMsgId('welcome', me))
    await replies.openWelcomeConversation(q, me, conversationID, channelId, seq)
    return true
  })
}

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
async function say(ctx: Pick<AppContext, 'db' | 'bus' | 'moderation' | 'sends' | 'memberLists'>, from: string, conversationID: string, clientMsgId: string, text: string): Promise<void> {
  const r = await sendMessage(ctx, from, textMessage(conversationID, clientMsgId, text))
  if (r.created) await pushMessage(ctx, r.message, r.ref, r.recipients, null)
}

/**
 * The helper answers a text the user sent it (its keyword answer or the fallback). The reply's
 * client ID derives from the question's, so a retried send is answered once.
 */
export async function answerHelperText(ctx: AppContext, me: string, clientMsgId: string, text: string): Promise<void> {
  const answer = await helperAnswer(ctx, text)
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
export async function helperNotice(ctx: Pick<AppContext, 'db' | 'bus' | 'moderation' | 'sends' | 'memberLists'>, to: string, key: string, text: string): Promise<void> {
  await say(ctx, HELPER_ID, c2cIdFor(to), key, text)
}
