import { ALL_CONVERSATION_GROUP_ID, DefaultGroup, HideStatus, ConversationGroupText, type ConversationGroup, type ConversationGroupItem } from '../../../types/conversationGroup.js'
import type { Queryable } from '../db/Db.js'
import { relationOf } from '../domain/conversationGroups.js'
import { visibleTo } from './conversations.js'

/**
 * Conversation groups (the user's own tabs of conversations, not 群). Every query names the
 * owner, so nobody reads or changes another user's.
 */

interface GroupRow {
  id: number
  group_name: string
  hide_status: number
  unread: number
}

interface ItemRow {
  group_id: number
  conversation_id: string
  name: string | null
  avatar: string | null
}

const VISIBLE_END = 'COALESCE(uc.end_seq, ch.last_seq)'
const IS_VISIBLE = `(uc.hidden_seq IS NULL OR ${VISIBLE_END} > uc.hidden_seq) AND NOT uc.former_hidden`

/** Unread messages of conversation uc, counted as the conversation list counts them. */
const UNREAD_OF_UC = `(SELECT count(*) FROM messages m WHERE m.channel_id = uc.channel_id
    AND m.seq > GREATEST(uc.read_seq, uc.cleared_seq) AND m.seq <= ${VISIBLE_END} AND m.sender <> uc.wt_id
    AND m.type <> 'TIMGroupTipElem' AND ${visibleTo('uc.wt_id', 'substr(uc.conversation_id, 6)')})`

/** Unread of one group's conversations, muted ones left out as the 未读 tab does. */
const GROUP_UNREAD = `
  (SELECT COALESCE(sum(${UNREAD_OF_UC}), 0)::int
     FROM session_group_members sm
     JOIN user_conversations uc ON uc.wt_id = sm.owner_wt_id AND uc.conversation_id = sm.conversation_id
     JOIN channels ch ON ch.channel_id = uc.channel_id
     WHERE sm.group_id = g.id AND NOT uc.muted AND ${IS_VISIBLE})`

async function itemsOf(q: Queryable, me: string, groupIds: number[]): Promise<Map<number, ConversationGroupItem[]>> {
  const { rows } = await q.query<ItemRow>(
    `SELECT sm.group_id::int AS group_id, sm.conversation_id,
            COALESCE(NULLIF(f.remark, ''), u.nick_name, NULLIF(gm.group_name_remark, ''), gr.group_name) AS name,
            COALESCE(u.avatar, gr.group_avatar) AS avatar
     FROM session_group_members sm
     LEFT JOIN users u ON sm.conversation_id LIKE 'C2C%' AND u.wt_id = substr(sm.conversation_id, 4)
     LEFT JOIN friendships f ON f.owner_wt_id = $1 AND f.friend_wt_id = u.wt_id
     LEFT JOIN groups gr ON sm.conversation_id LIKE 'GROUP%' AND gr.group_id = substr(sm.conversation_id, 6)
     LEFT JOIN group_members gm ON gm.group_id = gr.group_id AND gm.wt_id = $1
     WHERE sm.group_id = ANY($2::bigint[])
     ORDER BY sm.group_id, sm.position, sm.conversation_id`,
    [me, groupIds],
  )
  const byGroup = new Map<number, ConversationGroupItem[]>()
  for (const r of rows) {
    const list = byGroup.get(r.group_id) ?? []
    list.push({ ...relationOf(r.conversation_id), name: r.name ?? '', avatar: r.avatar ?? '' })
    byGroup.set(r.group_id, list)
  }
  return byGroup
}

async function groupRows(q: Queryable, me: string, id: number | null): Promise<GroupRow[]> {
  const { rows } = await q.query<GroupRow>(
    `SELECT g.id::int AS id, g.group_name, g.hide_status, ${GROUP_UNREAD} AS unread
     FROM session_groups g WHERE g.owner_wt_id = $1 AND ($2::bigint IS NULL OR g.id = $2)
     ORDER BY g.sort, g.id`,
    [me, id],
  )
  return rows
}

async function withItems(q: Queryable, me: string, rows: GroupRow[]): Promise<ConversationGroup[]> {
  const items = await itemsOf(
    q,
    me,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({
    id: r.id,
    groupName: r.group_name,
    hideStatus: r.hide_status === HideStatus.Hidden ? HideStatus.Hidden : HideStatus.Shown,
    defaultGroup: DefaultGroup.UserCreated,
    unreadCount: r.unread,
    relationList: items.get(r.id) ?? [],
  }))
}

/** 'all' first (its unread: every visible, unmuted conversation), then my groups in my order. */
export async function listConversationGroups(q: Queryable, me: string): Promise<ConversationGroup[]> {
  const { rows } = await q.query<{ unread: number }>(
    `SELECT COALESCE(sum(${UNREAD_OF_UC}), 0)::int AS unread
     FROM user_conversations uc JOIN channels ch ON ch.channel_id = uc.channel_id
     WHERE uc.wt_id = $1 AND NOT uc.muted AND ${IS_VISIBLE}`,
    [me],
  )
  const all: ConversationGroup = {
    id: ALL_CONVERSATION_GROUP_ID,
    groupName: ConversationGroupText.All,
    hideStatus: HideStatus.Shown,
    defaultGroup: DefaultGroup.All,
    unreadCount: rows[0]?.unread ?? 0,
    relationList: [],
  }
  return [all, ...(await withItems(q, me, await groupRows(q, me, null)))]
}

export async function conversationGroup(q: Queryable, me: string, id: number): Promise<ConversationGroup | null> {
  const rows = await groupRows(q, me, id)
  return rows.length ? (await withItems(q, me, rows))[0]! : null
}

/** How many of `ids` are groups of `me`. */
export async function ownGroupCount(q: Queryable, me: string, ids: number[]): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM session_groups WHERE owner_wt_id = $1 AND id = ANY($2::bigint[])', [me, ids])
  return rows[0]!.n
}

/** How many of these conversations are in my list (not deleted, not of a group I left). */
export async function listedConversationCount(q: Queryable, me: string, conversationIds: string[]): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM user_conversations uc JOIN channels ch ON ch.channel_id = uc.channel_id
     WHERE uc.wt_id = $1 AND uc.conversation_id = ANY($2::text[]) AND ${IS_VISIBLE}
       AND (uc.conversation_id NOT LIKE 'GROUP%' OR uc.end_seq IS NULL)`,
    [me, conversationIds],
  )
  return rows[0]!.n
}

export async function setGroupConversations(q: Queryable, me: string, groupId: number, conversationIds: string[]): Promise<void> {
  await q.query('DELETE FROM session_group_members WHERE group_id = $1', [groupId])
  if (!conversationIds.length) return
  await q.query(
    `INSERT INTO session_group_members (group_id, owner_wt_id, conversation_id, position)
     SELECT $1, $2, c.id, c.ord::int FROM unnest($3::text[]) WITH ORDINALITY AS c(id, ord)`,
    [groupId, me, conversationIds],
  )
}

/**
 * How many groups I have and the next place at the end, with my user row locked: one creation at
 * a time per user, so two devices cannot both pass the count.
 */
export async function lockedGroupCount(q: Queryable, me: string): Promise<{ n: number; next: number }> {
  await q.query('SELECT 1 FROM users WHERE wt_id = $1 FOR UPDATE', [me])
  const { rows } = await q.query<{ n: number; next: number }>(
    'SELECT count(*)::int AS n, COALESCE(max(sort) + 1, 0)::int AS next FROM session_groups WHERE owner_wt_id = $1',
    [me],
  )
  return rows[0]!
}

export async function insertConversationGroup(q: Queryable, me: string, name: string, sort: number): Promise<number> {
  const { rows } = await q.query<{ id: number }>('INSERT INTO session_groups (owner_wt_id, group_name, sort) VALUES ($1, $2, $3) RETURNING id::int AS id', [
    me,
    name,
    sort,
  ])
  return rows[0]!.id
}

export async function renameConversationGroup(q: Queryable, me: string, id: number, name: string): Promise<void> {
  await q.query('UPDATE session_groups SET group_name = $3 WHERE owner_wt_id = $1 AND id = $2', [me, id, name])
}

export async function setConversationGroupHidden(q: Queryable, me: string, id: number, hideStatus: HideStatus): Promise<void> {
  await q.query('UPDATE session_groups SET hide_status = $3 WHERE owner_wt_id = $1 AND id = $2', [me, id, hideStatus])
}

/** My groups' IDs in their order. */
export async function conversationGroupOrder(q: Queryable, me: string): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>('SELECT id::int AS id FROM session_groups WHERE owner_wt_id = $1 ORDER BY sort, id', [me])
  return rows.map((r) => r.id)
}

export async function reorderConversationGroups(q: Queryable, me: string, order: number[]): Promise<void> {
  await q.query(
    `UPDATE session_groups g SET sort = o.ord::int - 1 FROM unnest($2::bigint[]) WITH ORDINALITY AS o(id, ord)
     WHERE g.owner_wt_id = $1 AND g.id = o.id`,
    [me, order],
  )
}

export async function deleteConversationGroups(q: Queryable, me: string, ids: number[]): Promise<void> {
  await q.query('DELETE FROM session_groups WHERE owner_wt_id = $1 AND id = ANY($2::bigint[])', [me, ids])
}
