import { MsgType } from '../../../../types/chat.js'
import { HELPER_ID, HELPER_MSG_TYPE, type HelperAnswer, type HelperCardData, type HelperQuestion } from '../../../../types/favorites.js'
import type { Db, Queryable } from '../../db/Db.js'
import { c2cChannel, c2cIdFor } from '../conversationIds.js'
import { ensureChannel, insertSystemMessage } from '../messages.js'
import { notFound } from '../refusal.js'
import { serverMsgId } from '../serverMsgIds.js'

const SELECT = `SELECT id, question, reply_msg AS "replyMsg", jump_url AS "jumpUrl" FROM helper_replies WHERE enabled`

/** The FAQ, in the operator's order (helper_replies, seeded by migration 020). */
export async function helperQuestions(q: Queryable): Promise<HelperQuestion[]> {
  const { rows } = await q.query<HelperQuestion>(`${SELECT} ORDER BY sort, id`)
  return rows
}

export async function helperQuestion(q: Queryable, id: number): Promise<HelperQuestion> {
  const { rows } = await q.query<HelperQuestion>(`${SELECT} AND id = $1`, [id])
  if (!rows[0]) throw notFound('问题不存在')
  return rows[0]
}

/** What the helper says when no keyword matches: where a person can be reached. */
export const helperFallback = (contact: string) =>
  `抱歉，小助手暂时没有找到相关答案。你可以点击右上角「常见问题」查看帮助，或发送邮件至 ${contact} 联系人工客服（工作日 9:00-18:00 回复）。`

/** The reply whose keyword the text contains, the longest keyword first; the fallback otherwise. */
export async function helperAnswer(q: Queryable, text: string, contact: string): Promise<HelperAnswer> {
  const { rows } = await q.query<{ replyMsg: string }>(
    `SELECT r.reply_msg AS "replyMsg" FROM helper_keywords k JOIN helper_replies r ON r.id = k.reply_id
     WHERE r.enabled AND strpos(lower($1), lower(k.keyword)) > 0 ORDER BY length(k.keyword) DESC, r.sort LIMIT 1`,
    [text],
  )
  return rows[0] ? { replyMsg: rows[0].replyMsg, matched: true } : { replyMsg: helperFallback(contact), matched: false }
}

export function helperCard(questions: HelperQuestion[]): HelperCardData {
  return {
    type: HELPER_MSG_TYPE,
    detailType: 'faq',
    content: { imgMsg: { img: '' }, title: '你好，我是微谈小助手。下面是大家常问的问题，点一下就能看到答案；也可以直接发消息问我。', txtMsg: questions },
  }
}

/**
 * Gives `me` the helper conversation with its welcome card, once per account (spec 1: every
 * account has it). Locking the channel makes two first reads of one account write one card.
 * Returns true when it wrote the card.
 */
export async function ensureHelperConversation(db: Db, me: string): Promise<boolean> {
  const conversationID = c2cIdFor(HELPER_ID)
  const { rows: has } = await db.query('SELECT 1 FROM user_conversations WHERE wt_id = $1 AND conversation_id = $2', [me, conversationID])
  if (has[0]) return false
  const channelId = c2cChannel(me, HELPER_ID)
  return db.tx(async (q) => {
    await ensureChannel(q, channelId)
    await q.query('SELECT 1 FROM channels WHERE channel_id = $1 FOR UPDATE', [channelId])
    const { rows: again } = await q.query('SELECT 1 FROM user_conversations WHERE wt_id = $1 AND conversation_id = $2', [me, conversationID])
    if (again[0]) return false
    const card = helperCard(await helperQuestions(q))
    const seq = await insertSystemMessage(q, channelId, HELPER_ID, MsgType.Custom, { data: JSON.stringify(card), description: '[常见问题]', extension: '' }, serverMsgId('welcome', me))
    // The card dates from the account's creation and is read already: it neither jumps above the
    // user's real conversations nor lights an unread badge on every new account.
    await q.query('UPDATE messages SET created_at = (SELECT created_at FROM users WHERE wt_id = $3) WHERE channel_id = $1 AND seq = $2', [channelId, seq, me])
    await q.query('INSERT INTO user_conversations (wt_id, conversation_id, channel_id, read_seq) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      me,
      conversationID,
      channelId,
      seq,
    ])
    return true
  })
}
