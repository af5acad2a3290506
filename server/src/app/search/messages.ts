/** Message search use cases: the conversation list's search over every conversation, and one conversation's. */
import type { Message } from '../../../../types/chat.js'
import type { HistorySearchBody, MessageSearchBody } from '../../../../types/messageOps.js'
import type { Db } from '../../db/Db.js'
import { decodeCursor, encodeCursor, FILTER_TYPES, findByType, findMatches } from '../../data/search.js'
import { toMessage } from '../../domain/messages.js'

/** The newest `count` matches over the user's conversations (or the one named), and where the next page starts. */
export async function searchHistory(q: Db, me: string, body: HistorySearchBody): Promise<{ messages: Message[]; nextCursor?: string }> {
  const rows = await findMatches(q, {
    me,
    keyword: body.keyword,
    limit: body.count + 1,
    conversationID: body.conversationID ?? null,
    cursor: decodeCursor(body.cursor),
    types: FILTER_TYPES.all,
    beforeSeq: null,
  })
  const page = rows.slice(0, body.count)
  const last = page[page.length - 1]
  const messages = page.map((r) => toMessage(r, me))
  return rows.length > body.count && last ? { messages, nextCursor: encodeCursor({ micros: last.micros, channelId: last.channel_id, seq: last.seq }) } : { messages }
}

/**
 * A page of one conversation's matches, newest first. A keyword matches the words of a message
 * (text, file name, location title, merged record, system line); without one, the filter's kinds.
 */
export async function searchConversation(q: Db, me: string, body: MessageSearchBody) {
  const keyword = body.keyword.trim()
  const types = FILTER_TYPES[body.filter]
  const before = body.beforeSequence ?? null
  const rows = keyword
    ? await findMatches(q, { me, keyword, limit: body.count + 1, conversationID: body.conversationID, cursor: null, types, beforeSeq: before })
    : await findByType(q, me, body.conversationID, types, before, body.count + 1)
  return { messages: rows.slice(0, body.count).map((r) => toMessage(r, me)), isCompleted: rows.length <= body.count }
}
