import { ConvType, FOLD_MARK, type Conversation, type LastMessage } from '../../../types/chat.js'
import type { Queryable } from '../db/Db.js'
import { AT_ALL_TAG } from '../../../types/messageOps.js'
import type { ConversationWindow, ConvPatch } from '../domain/conversations.js'
import { mosaicAvatarsSql } from './groups/currentMembers.js'
import { storedBody, toMessage, type MessageRow } from '../domain/messages.js'
import { MESSAGE_SELECT } from './messages/rows.js'

interface ConvRow {
  conversation_id: string
  channel_id: string
  read_seq: number
  cleared_seq: number
  pinned_at: Date | null
  muted: boolean
  folded: boolean
  draft: string
  custom_data: string
  updated_at: Date
  last_seq: number
  unread: number
  peer_read_seq: number | null
  last_type: string | null
  last_payload: Record<string, unknown> | null
  last_sender: string | null
  last_nick: string | null
  last_time: Date | null
  last_revoked: boolean | null
  peer_id: string | null
  peer_nick: string | null
  peer_avatar: string | null
  group_id: string | null
  group_number: string | null
  group_name: string | null
  group_avatar: string | null
  member_count: number | null
  is_member: boolean | null
  member_avatars: string[] | null
  at_me: Array<{ seq: number; all: boolean }> | null
}

/**
 * Whether message `m` is visible to `viewer` (a SQL expression). Server-written messages can be
 * limited to admins and the owner (the exit tip of a member who quit) and to one user (a
 * welcome message); group is the group ID expression. See 004_group_management.sql.
 */
export const visibleTo = (viewer: string, group: string) =>
  `(m.visible_identity = 0 OR m.visible_to = ${viewer} OR m.visible_identity <= COALESCE((SELECT vg.identity FROM group_members vg
     WHERE vg.group_id = ${group} AND vg.wt_id = ${viewer} AND vg.left_at IS NULL), 0))`

/** The last sequence the user may see: a former member's history ends at their leave tip. */
const VISIBLE_END = 'COALESCE(uc.end_seq, ch.last_seq)'

const CONV_SELECT = `
  SELECT uc.conversation_id, uc.channel_id, uc.read_seq::int AS read_seq, uc.cleared_seq::int AS cleared_seq, uc.pinned_at, uc.muted, uc.folded,
         uc.draft, uc.custom_data, uc.updated_at, ${VISIBLE_END}::int AS last_seq,
         (SELECT count(*)::int FROM messages m WHERE m.channel_id = uc.channel_id
            AND m.seq > GREATEST(uc.read_seq, uc.cleared_seq) AND m.seq <= ${VISIBLE_END} AND m.sender <> uc.wt_id
            AND m.type <> 'TIMGroupTipElem' AND m.counts_unread AND ${visibleTo('uc.wt_id', 'substr(uc.conversation_id, 6)')}) AS unread,
         (SELECT pc.read_seq::int FROM user_conversations pc WHERE pc.channel_id = uc.channel_id AND pc.wt_id <> uc.wt_id
            AND uc.conversation_id LIKE 'C2C%' LIMIT 1) AS peer_read_seq,
         lm.type AS last_type, lm.payload AS last_payload, lm.sender AS last_sender, lu.nick_name AS last_nick,
         lm.created_at AS last_time, lm.is_revoked AS last_revoked,
         pu.wt_id AS peer_id, pu.nick_name AS peer_nick, pu.avatar AS peer_avatar,
         g.group_id, g.group_number, g.group_name, g.group_avatar,
         (SELECT count(*)::int FROM group_members x WHERE x.group_id = g.group_id AND x.left_at IS NULL) AS member_count,
         EXISTS (SELECT 1 FROM group_members y WHERE y.group_id = g.group_id AND y.wt_id = uc.wt_id AND y.left_at IS NULL
                 AND g.dissolved_at IS NULL) AS is_member,
         ${mosaicAvatarsSql('g')} AS member_avatars,
         (SELECT json_agg(json_build_object('seq', a.seq, 'all', a.at_users ? '${AT_ALL_TAG}') ORDER BY a.seq)
            FROM messages a WHERE uc.conversation_id LIKE 'GROUP%' AND a.channel_id = uc.channel_id
              AND a.seq > GREATEST(uc.read_seq, uc.cleared_seq) AND a.seq <= ${VISIBLE_END} AND a.sender <> uc.wt_id AND NOT a.is_revoked
              AND (a.at_users ? uc.wt_id OR a.at_users ? '${AT_ALL_TAG}')) AS at_me
  FROM user_conversations uc
  JOIN channels ch ON ch.channel_id = uc.channel_id
  LEFT JOIN LATERAL (SELECT m.* FROM messages m WHERE m.channel_id = uc.channel_id AND m.seq <= ${VISIBLE_END} AND m.seq > uc.cleared_seq
                       AND ${visibleTo('uc.wt_id', 'substr(uc.conversation_id, 6)')}
                     ORDER BY m.seq DESC LIMIT 1) lm ON TRUE
  LEFT JOIN users lu ON lu.wt_id = lm.sender
  LEFT JOIN users pu ON uc.conversation_id LIKE 'C2C%' AND pu.wt_id = substr(uc.conversation_id, 4)
  LEFT JOIN groups g ON uc.conversation_id LIKE 'GROUP%' AND g.group_id = substr(uc.conversation_id, 6)`

function toConversation(r: ConvRow): Conversation {
  const isGroup = r.conversation_id.startsWith('GROUP')
  const lastMessage: LastMessage | null =
    r.last_type && r.last_time
      ? {
          ...storedBody(r.last_type, r.last_payload, Boolean(r.last_revoked)),
          from: r.last_sender ?? '',
          nick: r.last_nick ?? '',
          time: Math.floor(new Date(r.last_time).getTime() / 1000),
          sequence: r.last_seq,
          isRevoked: Boolean(r.last_revoked),
        }
      : null
  return {
    conversationID: r.conversation_id,
    type: isGroup ? ConvType.Group : ConvType.C2C,
    lastSequence: r.last_seq,
    readSequence: Math.max(r.read_seq, r.cleared_seq),
    peerReadSequence: r.peer_read_seq ?? 0,
    unreadCount: r.unread,
    isPinned: r.pinned_at !== null,
    isMuted: r.muted,
    markList: r.folded ? [FOLD_MARK] : [],
    draftText: r.draft,
    customData: r.custom_data,
    groupAtInfoList: (r.at_me ?? []).map((a) => ({ messageSequence: a.seq, atTypeArray: [a.all ? 2 : 1] })),
    lastMessage,
    userProfile: !isGroup && r.peer_id ? { userID: r.peer_id, nick: r.peer_nick ?? '', avatar: r.peer_avatar ?? '' } : null,
    groupProfile:
      isGroup && r.group_id
        ? {
            groupID: r.group_id,
            groupNumber: r.group_number ?? '',
            name: r.group_name ?? '',
            avatar: r.group_avatar ?? '',
            memberCount: r.member_count ?? 0,
            isMember: Boolean(r.is_member),
            ...(r.group_avatar ? {} : { memberAvatars: r.member_avatars ?? [] }),
          }
        : null,
    updatedAt: Math.floor(new Date(r.last_time ?? r.updated_at).getTime() / 1000),
  }
}

/** The user's visible conversations: pinned first, then by the newest message. */
export async function listConversations(q: Queryable, me: string): Promise<Conversation[]> {
  const { rows } = await q.query<ConvRow>(
    `${CONV_SELECT} WHERE uc.wt_id = $1 AND (uc.hidden_seq IS NULL OR ${VISIBLE_END} > uc.hidden_seq) AND NOT uc.former_hidden
     ORDER BY (uc.pinned_at IS NOT NULL) DESC, uc.pinned_at DESC NULLS LAST, COALESCE(lm.created_at, uc.updated_at) DESC`,
    [me],
  )
  return rows.map(toConversation)
}

export async function getConversation(q: Queryable, me: string, conversationID: string): Promise<Conversation | null> {
  const { rows } = await q.query<ConvRow>(`${CONV_SELECT} WHERE uc.wt_id = $1 AND uc.conversation_id = $2`, [me, conversationID])
  return rows[0] ? toConversation(rows[0]) : null
}

/** Whether an existing user_conversations row has messages after its cleared point (in ON CONFLICT). */
const HAS_HISTORY = `COALESCE(user_conversations.end_seq, (SELECT ch.last_seq FROM channels ch WHERE ch.channel_id = user_conversations.channel_id))
  > user_conversations.cleared_seq`

export async function peerIsActive(q: Queryable, peer: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM users WHERE wt_id = $1 AND action_status = 0', [peer])
  return Boolean(rows[0])
}

/** Whether the user is or was a member of the group. */
export async function everMember(q: Queryable, groupId: string, me: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM group_members WHERE group_id = $1 AND wt_id = $2', [groupId, me])
  return Boolean(rows[0])
}

/**
 * Creates the user's row of the conversation (and its channel) when missing. A row the user
 * deleted comes back to the list only when it has messages after its cleared point.
 */
export async function showConversation(q: Queryable, me: string, conversationID: string, channelId: string): Promise<void> {
  await q.query('INSERT INTO channels (channel_id) VALUES ($1) ON CONFLICT DO NOTHING', [channelId])
  await q.query(
    `INSERT INTO user_conversations (wt_id, conversation_id, channel_id) VALUES ($1, $2, $3)
     ON CONFLICT (wt_id, conversation_id) DO UPDATE SET
       hidden_seq = CASE WHEN ${HAS_HISTORY} THEN NULL ELSE user_conversations.hidden_seq END,
       former_hidden = CASE WHEN ${HAS_HISTORY} THEN FALSE ELSE user_conversations.former_hidden END`,
    [me, conversationID, channelId],
  )
}

const windowed = (w: ConversationWindow, from: number) => [w.channel_id, Math.max(w.cleared_seq, from), w.end_seq, w.identity]
/** $1 channel, $2 after this sequence, $3 end sequence or null, $4 viewer identity, $5 viewer. */
const WINDOW_WHERE = `m.channel_id = $1 AND m.seq > $2 AND ($3::bigint IS NULL OR m.seq <= $3)
  AND (m.visible_identity = 0 OR m.visible_to = $5 OR m.visible_identity <= $4::int)
  AND NOT EXISTS (SELECT 1 FROM message_deletions d WHERE d.wt_id = $5 AND d.channel_id = m.channel_id AND d.seq = m.seq)`

/** A page of history, newest last, never before the user's cleared point nor after a leave. */
export async function history(q: Queryable, me: string, w: ConversationWindow, beforeSeq: number | undefined, count: number) {
  const { rows } = await q.query<MessageRow>(
    `${MESSAGE_SELECT} WHERE ${WINDOW_WHERE} AND ($6::bigint IS NULL OR m.seq < $6)
     ORDER BY m.seq DESC LIMIT $7`,
    [...windowed(w, 0), me, beforeSeq ?? null, count + 1],
  )
  const page = rows.slice(0, count).reverse()
  return { messages: page.map((r) => toMessage(r, me)), isCompleted: rows.length <= count }
}

/** The given messages as this user may see them (skipping any outside the window, deleted or hidden), oldest first. */
export async function messagesAt(q: Queryable, me: string, w: ConversationWindow, seqs: number[]): Promise<MessageRow[]> {
  const { rows } = await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE ${WINDOW_WHERE} AND m.seq = ANY($6::bigint[]) ORDER BY m.seq ASC`, [...windowed(w, 0), me, seqs])
  return rows
}

/**
 * The sequence of a message the user may see, found by its ID (sender, '-', clientMsgId). Both
 * parts may hold '-', so every split is tried against the unique (sender, client_msg_id) index.
 */
export async function locateMessage(q: Queryable, me: string, w: ConversationWindow, messageID: string): Promise<number | null> {
  const senders: string[] = []
  const ids: string[] = []
  for (let at = messageID.indexOf('-'); at > 0; at = messageID.indexOf('-', at + 1)) {
    senders.push(messageID.slice(0, at))
    ids.push(messageID.slice(at + 1))
  }
  if (!senders.length) return null
  const { rows } = await q.query<{ seq: number }>(
    `SELECT m.seq::int AS seq FROM messages m WHERE ${WINDOW_WHERE}
       AND (m.sender, m.client_msg_id) IN (SELECT * FROM unnest($6::text[], $7::text[]))`,
    [...windowed(w, 0), me, senders, ids],
  )
  return rows[0]?.seq ?? null
}

/** Everything after a sequence: the catch-up after a reconnect. */
export async function since(q: Queryable, me: string, w: ConversationWindow, afterSeq: number, count: number) {
  const { rows } = await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE ${WINDOW_WHERE} ORDER BY m.seq ASC LIMIT $6`, [...windowed(w, afterSeq), me, count + 1])
  return { messages: rows.slice(0, count).map((r) => toMessage(r, me)), hasMore: rows.length > count }
}

export async function conversationState(q: Queryable, me: string, conversationID: string) {
  const { rows } = await q.query<ConversationWindow & { read_seq: number; last_seq: number }>(
    `SELECT uc.channel_id, uc.cleared_seq::int AS cleared_seq, uc.read_seq::int AS read_seq, ${VISIBLE_END}::int AS last_seq,
            uc.end_seq::int AS end_seq,
            COALESCE((SELECT gm.identity FROM group_members gm WHERE uc.conversation_id LIKE 'GROUP%'
                        AND gm.group_id = substr(uc.conversation_id, 6) AND gm.wt_id = uc.wt_id AND gm.left_at IS NULL), 0) AS identity
     FROM user_conversations uc JOIN channels ch ON ch.channel_id = uc.channel_id
     WHERE uc.wt_id = $1 AND uc.conversation_id = $2`,
    [me, conversationID],
  )
  return rows[0] ?? null
}

/** Marks read up to `seq` (never backwards, never past the end). Returns the new read sequence. */
export async function markRead(q: Queryable, me: string, conversationID: string, seq: number): Promise<number | null> {
  const { rows } = await q.query<{ read_seq: number }>(
    `UPDATE user_conversations uc SET read_seq = GREATEST(uc.read_seq, LEAST($3::bigint, ${VISIBLE_END}))
     FROM channels ch WHERE ch.channel_id = uc.channel_id AND uc.wt_id = $1 AND uc.conversation_id = $2
     RETURNING uc.read_seq::int AS read_seq`,
    [me, conversationID, seq],
  )
  return rows[0]?.read_seq ?? null
}

/** Records group read receipts; returns the sequences that newly counted and their senders. */
export async function recordReceipts(q: Queryable, me: string, channelId: string, seqs: number[]) {
  const { rows } = await q.query<{ seq: number; sender: string }>(
    `INSERT INTO message_reads (channel_id, seq, wt_id)
     SELECT m.channel_id, m.seq, $2 FROM messages m
     WHERE m.channel_id = $1 AND m.seq = ANY($3::bigint[]) AND m.need_read_receipt AND m.sender <> $2
     ON CONFLICT DO NOTHING
     RETURNING seq::int AS seq, (SELECT sender FROM messages x WHERE x.channel_id = $1 AND x.seq = message_reads.seq) AS sender`,
    [channelId, me, seqs],
  )
  return rows
}

/** Read or unread members of a group message with receipts, paged by a cursor (the last user ID). */
export async function readMembers(q: Queryable, groupId: string, channelId: string, seq: number, filter: 0 | 1, cursor: string, count: number) {
  const { rows } = await q.query<{ wt_id: string; nick_name: string; avatar: string; name_card: string }>(
    `SELECT gm.wt_id, u.nick_name, u.avatar, gm.group_nickname AS name_card
     FROM group_members gm JOIN users u ON u.wt_id = gm.wt_id
     JOIN messages m ON m.channel_id = $2 AND m.seq = $3
     WHERE gm.group_id = $1 AND gm.left_at IS NULL AND gm.wt_id <> m.sender AND gm.wt_id > $5
       AND ($4::int = 0) = EXISTS (SELECT 1 FROM message_reads r WHERE r.channel_id = $2 AND r.seq = $3 AND r.wt_id = gm.wt_id)
     ORDER BY gm.wt_id LIMIT $6`,
    [groupId, channelId, seq, filter, cursor, count + 1],
  )
  const page = rows.slice(0, count)
  return {
    members: page.map((r) => ({ userID: r.wt_id, nick: r.nick_name, avatar: r.avatar, nameCard: r.name_card })),
    cursor: rows.length > count ? page[page.length - 1]!.wt_id : '',
    isCompleted: rows.length <= count,
  }
}

/**
 * Applies the spec's coupled rules: archiving also mutes; un-muting also unarchives;
 * muting removes a conversation from the archive.
 */
export async function patchConversation(q: Queryable, me: string, conversationID: string, patch: ConvPatch): Promise<boolean> {
  const set: Record<ConvPatch['kind'], string> = {
    pin: 'pinned_at = CASE WHEN $3::boolean THEN COALESCE(pinned_at, now()) ELSE NULL END',
    mute: 'muted = $3::boolean, folded = FALSE',
    fold: 'folded = $3::boolean, muted = CASE WHEN $3::boolean THEN TRUE ELSE muted END',
    draft: 'draft = $3::text',
    customData: 'custom_data = $3::text',
  }
  const { rowCount } = await q.query(
    `UPDATE user_conversations SET ${set[patch.kind]}, updated_at = CASE WHEN '${patch.kind}' = 'draft' THEN updated_at ELSE now() END
     WHERE wt_id = $1 AND conversation_id = $2`,
    [me, conversationID, patch.value],
  )
  return rowCount === 1
}

/** Hides the conversation until its next message; with clearHistory, also hides everything so far. */
export async function deleteConversation(q: Queryable, me: string, conversationID: string, clearHistory: boolean): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE user_conversations uc SET hidden_seq = ch.last_seq, pinned_at = NULL, folded = FALSE, draft = '', former_hidden = uc.end_seq IS NOT NULL,
            cleared_seq = CASE WHEN $3::boolean THEN ch.last_seq ELSE uc.cleared_seq END,
            read_seq = ch.last_seq
     FROM channels ch WHERE ch.channel_id = uc.channel_id AND uc.wt_id = $1 AND uc.conversation_id = $2`,
    [me, conversationID, clearHistory],
  )
  return rowCount === 1
}

