import { MsgType, type Message } from '../../../../types/chat.js'
import type { MessageSearchBody, SearchFilter } from '../../../../types/messageOps.js'
import type { Queryable } from '../../db/Db.js'
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
    match = `AND ((m.type = '${MsgType.Text}' AND m.payload->>'text' ILIKE $9) OR (m.type = '${MsgType.File}' AND m.payload->>'fileName' ILIKE $9))`
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
