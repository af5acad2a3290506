import { MsgType, type Message } from '../../../../types/chat.js'
import type { MessageSearchBody, SearchFilter } from '../../../../types/messageOps.js'
import type { Queryable, QueryOptions } from '../../db/Db.js'
import { MESSAGE_SELECT, toMessage, type MessageRow } from '../messages.js'
import { IN_WINDOW, windowParams, type Window } from './access.js'

/** Section 3 "Message type filters": the kinds each filter covers. */
export const FILTER_TYPES: Record<SearchFilter, readonly string[]> = {
  all: [MsgType.Text, MsgType.Face, MsgType.Image, MsgType.Video, MsgType.Audio, MsgType.File, MsgType.Location, MsgType.Merger, MsgType.Custom],
  text: [MsgType.Text],
  file: [MsgType.File],
  media: [MsgType.Image, MsgType.Video],
  other: [MsgType.Audio, MsgType.Location, MsgType.Custom, MsgType.Merger],
}

/** A LIKE pattern that matches `keyword` literally anywhere. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A page of matches, newest first. A keyword matches the text of text messages and the name of
 * files; kinds without words (images, audio…) never match a keyword. Revoked messages are left out.
 */
export async function searchMessages(q: Queryable, me: string, w: Window, body: MessageSearchBody) {
  const keyword = body.keyword.trim()
  const params: unknown[] = [...windowParams(w, me), FILTER_TYPES[body.filter], body.beforeSequence ?? null, body.count + 1]
  let match = ''
  if (keyword) {
    params.push(containsPattern(keyword))
    // One expression, not an OR of (type, field) pairs, so that the trigram indexes never apply:
    // they cover every conversation of every user, and for a common word would fetch all of its
    // matches, where reading this one conversation's messages costs at most its length.
    match = `AND (CASE m.type WHEN '${MsgType.Text}' THEN m.payload->>'text' WHEN '${MsgType.File}' THEN m.payload->>'fileName' END) ILIKE $9`
  }
  const { rows } = await q.query<MessageRow>(
    `${MESSAGE_SELECT} WHERE ${IN_WINDOW} AND m.type = ANY($6::text[]) AND NOT m.is_revoked
       AND ($7::bigint IS NULL OR m.seq < $7) ${match}
     ORDER BY m.seq DESC LIMIT $8`,
    params,
  )
  const messages: Message[] = rows.slice(0, body.count).map((r) => toMessage(r, me))
  return { messages, isCompleted: rows.length <= body.count }
}

/**
 * The keyword test of the search over all conversations, in two spellings of the same result.
 * From 3 characters the trigram indexes (migration 018) find the few candidates among all
 * messages; the OR of (type, field) pairs is the shape they serve, and each call is planned for
 * its keyword (a prepared statement's generic plan would use them for every keyword). A shorter
 * keyword has no trigram to look up: the CASE spelling keeps every index out and the plan the
 * search had before them (the statistics the indexes bring underestimate a short word's matches
 * and picked a slower join; docs/performance.md "Message search").
 */
const MATCH_BY_TRIGRAMS = `((m.type = '${MsgType.Text}' AND m.payload->>'text' ILIKE $2)
         OR (m.type = '${MsgType.File}' AND m.payload->>'fileName' ILIKE $2)
         OR (m.type = '${MsgType.Custom}' AND (m.payload->>'data' ILIKE $2 OR m.payload->>'description' ILIKE $2)))`
const MATCH_BY_SCAN = `((CASE m.type WHEN '${MsgType.Text}' THEN m.payload->>'text' WHEN '${MsgType.File}' THEN m.payload->>'fileName'
                                WHEN '${MsgType.Custom}' THEN m.payload->>'data' END) ILIKE $2
         OR (m.type = '${MsgType.Custom}' AND m.payload->>'description' ILIKE $2))`

const searchAllSql = (match: string) => `${MESSAGE_SELECT}
     JOIN user_conversations uc ON uc.channel_id = m.channel_id AND uc.wt_id = $1
     WHERE m.seq > uc.cleared_seq AND (uc.end_seq IS NULL OR m.seq <= uc.end_seq) AND NOT m.is_revoked
       AND (m.visible_identity = 0 OR m.visible_to = $1 OR m.visible_identity <= COALESCE(
             (SELECT me_gm.identity FROM group_members me_gm WHERE m.channel_id LIKE 'group:%'
                AND me_gm.group_id = substr(m.channel_id, 7) AND me_gm.wt_id = $1 AND me_gm.left_at IS NULL), 0))
       AND NOT EXISTS (SELECT 1 FROM message_deletions d WHERE d.wt_id = $1 AND d.channel_id = m.channel_id AND d.seq = m.seq)
       AND ${match}
     ORDER BY m.created_at DESC, m.seq DESC LIMIT $3`
const BY_TRIGRAMS = searchAllSql(MATCH_BY_TRIGRAMS)
const BY_SCAN = searchAllSql(MATCH_BY_SCAN)

/** The statement searchAllMessages runs for `keyword`: $1 the user, $2 containsPattern(keyword), $3 the count. */
export function searchAllStatement(keyword: string): { sql: string; options: QueryOptions } {
  return [...keyword].length >= 3 ? { sql: BY_TRIGRAMS, options: { planPerCall: true } } : { sql: BY_SCAN, options: {} }
}

/**
 * The conversation list's search: messages of every conversation the user holds whose text, file
 * name or custom-message content (system lines, cards) contains the keyword, newest first, each
 * inside that user's window of its conversation (not before a clear, not after leaving, not
 * deleted for them, not admin-only for members). Revoked messages are left out.
 */
export async function searchAllMessages(q: Queryable, me: string, keyword: string, count: number) {
  const { sql, options } = searchAllStatement(keyword)
  const { rows } = await q.query<MessageRow>(sql, [me, containsPattern(keyword), count], options)
  return { messages: rows.map((r) => toMessage(r, me)) }
}
