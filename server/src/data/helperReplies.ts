import type { HelperEntry, HelperSaveBody } from '../../../types/admin.js'
import type { HelperQuestion } from '../../../types/favorites.js'
import type { Queryable } from '../db/Db.js'

const SELECT = `SELECT id, question, reply_msg AS "replyMsg", jump_url AS "jumpUrl" FROM helper_replies WHERE enabled`

/** The FAQ, in the operator's order (helper_replies, seeded by migration 020). */
export async function helperQuestions(q: Queryable): Promise<HelperQuestion[]> {
  const { rows } = await q.query<HelperQuestion>(`${SELECT} ORDER BY sort, id`)
  return rows
}

export async function helperQuestion(q: Queryable, id: number): Promise<HelperQuestion | null> {
  const { rows } = await q.query<HelperQuestion>(`${SELECT} AND id = $1`, [id])
  return rows[0] ?? null
}

/** The reply whose keyword the text contains, the longest keyword first. */
export async function keywordReply(q: Queryable, text: string): Promise<string | null> {
  const { rows } = await q.query<{ replyMsg: string }>(
    `SELECT r.reply_msg AS "replyMsg" FROM helper_keywords k JOIN helper_replies r ON r.id = k.reply_id
     WHERE r.enabled AND strpos(lower($1), lower(k.keyword)) > 0 ORDER BY length(k.keyword) DESC, r.sort LIMIT 1`,
    [text],
  )
  return rows[0]?.replyMsg ?? null
}

/** Every FAQ entry (hidden ones too) with its keywords, in the FAQ's order. */
export async function helperEntries(q: Queryable): Promise<HelperEntry[]> {
  const { rows } = await q.query<HelperEntry>(
    `SELECT r.id, r.question, r.reply_msg AS "replyMsg", r.jump_url AS "jumpUrl", r.sort, r.enabled,
            COALESCE((SELECT array_agg(k.keyword ORDER BY k.keyword) FROM helper_keywords k WHERE k.reply_id = r.id), ARRAY[]::text[]) AS keywords
     FROM helper_replies r ORDER BY r.sort, r.id`,
  )
  return rows
}

/** Writes an entry (a new one without `b.id`) and answers its ID. */
export async function saveHelperReply(q: Queryable, b: HelperSaveBody): Promise<number> {
  const { rows } =
    b.id === undefined
      ? await q.query<{ id: number }>('INSERT INTO helper_replies (question, reply_msg, jump_url, sort, enabled) VALUES ($1, $2, $3, $4, $5) RETURNING id', [b.question, b.replyMsg, b.jumpUrl, b.sort, b.enabled])
      : await q.query<{ id: number }>('UPDATE helper_replies SET question = $2, reply_msg = $3, jump_url = $4, sort = $5, enabled = $6 WHERE id = $1 RETURNING id', [b.id, b.question, b.replyMsg, b.jumpUrl, b.sort, b.enabled])
  return rows[0]!.id
}

/** The entry's keywords become `keywords`; a keyword belongs to one entry, so naming it here moves it. */
export async function setHelperKeywords(q: Queryable, id: number, keywords: string[]): Promise<void> {
  await q.query('DELETE FROM helper_keywords WHERE reply_id = $1 OR keyword = ANY($2::text[])', [id, keywords])
  if (keywords.length) await q.query('INSERT INTO helper_keywords (keyword, reply_id) SELECT k, $2 FROM unnest($1::text[]) AS t(k)', [keywords, id])
}

export async function deleteHelperReply(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM helper_replies WHERE id = $1', [id])
}

export async function hasConversation(q: Queryable, me: string, conversationID: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM user_conversations WHERE wt_id = $1 AND conversation_id = $2', [me, conversationID])
  return rows.length > 0
}

export async function lockChannel(q: Queryable, channelId: string): Promise<void> {
  await q.query('SELECT 1 FROM channels WHERE channel_id = $1 FOR UPDATE', [channelId])
}

/**
 * The welcome card dates from the account's creation and is read already: it neither jumps above
 * the user's real conversations nor lights an unread badge on every new account.
 */
export async function openWelcomeConversation(q: Queryable, me: string, conversationID: string, channelId: string, seq: number): Promise<void> {
  await q.query('UPDATE messages SET created_at = (SELECT created_at FROM users WHERE wt_id = $3) WHERE channel_id = $1 AND seq = $2', [channelId, seq, me])
  await q.query('INSERT INTO user_conversations (wt_id, conversation_id, channel_id, read_seq) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
    me,
    conversationID,
    channelId,
    seq,
  ])
}
