/**
 * The search box's other sections: the user's friends and groups (matched in the use case, where
 * pinyin is), favorites and moments (matched here), and the names and avatars of conversations.
 * Each reads only what the user may see: their own friends, groups they are in now, their own
 * favorites, and the moments their feed shows them (friendship, both space flags, the blacklist
 * either way, the moment's audience).
 */
import type { Queryable } from '../db/Db.js'
import { mosaicAvatarsSql } from './groups/currentMembers.js'
import { audienceAdmits, feedAuthors, nameFor, unixTime } from './moments/access.js'

export interface FriendRow {
  wt_id: string
  nick_name: string
  remark: string
  avatar: string
}

/** The user's friends whose accounts are not deleted. */
export async function friendsOf(q: Queryable, me: string): Promise<FriendRow[]> {
  const { rows } = await q.query<FriendRow>(
    `SELECT u.wt_id, u.nick_name, f.remark, u.avatar FROM friendships f JOIN users u ON u.wt_id = f.friend_wt_id
     WHERE f.owner_wt_id = $1 AND u.action_status = 0`,
    [me],
  )
  return rows
}

export interface GroupRow {
  group_id: string
  group_number: string
  group_name: string
  group_avatar: string
  /** Other current members whose name (the user's remark for them, group nickname or nickname) holds `pattern`, up to 3. */
  members: string[] | null
}

/** The groups the user is in now, with the members whose names hold `pattern` (a LIKE pattern). */
export async function groupsOf(q: Queryable, me: string, pattern: string): Promise<GroupRow[]> {
  const { rows } = await q.query<GroupRow>(
    `SELECT g.group_id, g.group_number, g.group_name, g.group_avatar,
            (SELECT array_agg(x.n) FROM (
               SELECT COALESCE(NULLIF(fr.remark, ''), NULLIF(mm.group_nickname, ''), mu.nick_name) AS n
               FROM group_members mm JOIN users mu ON mu.wt_id = mm.wt_id
               LEFT JOIN friendships fr ON fr.owner_wt_id = $1 AND fr.friend_wt_id = mm.wt_id
               WHERE mm.group_id = g.group_id AND mm.left_at IS NULL AND mm.wt_id <> $1
                 AND (mu.nick_name ILIKE $2 OR mm.group_nickname ILIKE $2 OR fr.remark ILIKE $2)
               ORDER BY mm.identity DESC, mm.joined_at LIMIT 3) x) AS members
     FROM group_members gm JOIN groups g ON g.group_id = gm.group_id
     WHERE gm.wt_id = $1 AND gm.left_at IS NULL`,
    [me, pattern],
  )
  return rows
}

/** The mosaic avatars of groups without an avatar of their own. */
export async function groupMosaics(q: Queryable, groupIds: string[]): Promise<Map<string, string[]>> {
  const { rows } = await q.query<{ group_id: string; avatars: string[] | null }>(
    `SELECT g.group_id, ${mosaicAvatarsSql('g')} AS avatars FROM groups g WHERE g.group_id = ANY ($1::text[])`,
    [groupIds],
  )
  return new Map(rows.map((r) => [r.group_id, r.avatars ?? []]))
}

export interface ConversationFace {
  conversation_id: string
  name: string
  avatar: string
  member_avatars: string[] | null
}

/** The name and avatar the user sees for each conversation: remark or nickname, group name or mosaic. */
export async function conversationFaces(q: Queryable, me: string, conversationIDs: string[]): Promise<Map<string, ConversationFace>> {
  const { rows } = await q.query<ConversationFace>(
    `SELECT k.id AS conversation_id,
            COALESCE(g.group_name, NULLIF(fr.remark, ''), u.nick_name, substr(k.id, 4)) AS name,
            COALESCE(NULLIF(g.group_avatar, ''), u.avatar, '') AS avatar,
            CASE WHEN g.group_id IS NOT NULL THEN ${mosaicAvatarsSql('g')} END AS member_avatars
     FROM unnest($2::text[]) AS k(id)
     LEFT JOIN groups g ON k.id LIKE 'GROUP%' AND g.group_id = substr(k.id, 6)
     LEFT JOIN users u ON k.id LIKE 'C2C%' AND u.wt_id = substr(k.id, 4)
     LEFT JOIN friendships fr ON fr.owner_wt_id = $1 AND fr.friend_wt_id = u.wt_id`,
    [me, conversationIDs],
  )
  return new Map(rows.map((r) => [r.conversation_id, r]))
}

export interface FavoriteRow {
  id: string
  content_type: number
  text: string
  from_name: string
  time: string
}

/** The user's favorites whose title, file name, place or note holds `pattern`, newest first. */
export async function favoritesMatching(q: Queryable, me: string, pattern: string, limit: number): Promise<FavoriteRow[]> {
  const { rows } = await q.query<FavoriteRow>(
    `SELECT c.id, c.content_type,
            CASE WHEN c.collect_title ILIKE $2 THEN c.collect_title WHEN c.file_name ILIKE $2 THEN c.file_name
                 WHEN c.address_title ILIKE $2 THEN c.address_title ELSE c.note_content END AS text,
            COALESCE(u.nick_name, '') AS from_name, ${unixTime('c.created_at')} AS time
     FROM user_collections c LEFT JOIN users u ON u.wt_id = c.collected_user_id
     WHERE c.wt_id = $1 AND (c.collect_title ILIKE $2 OR c.file_name ILIKE $2 OR c.address_title ILIKE $2 OR c.note_content ILIKE $2)
     ORDER BY c.id DESC LIMIT $3`,
    [me, pattern, limit],
  )
  return rows
}

export interface MomentRow {
  id: string
  author_wt_id: string
  name: string
  avatar: string
  content: string
  time: string
}

/** Moments of the user's feed (their own and the friends' they may see) whose text holds `pattern`, newest first. */
export async function momentsMatching(q: Queryable, me: string, pattern: string, limit: number): Promise<MomentRow[]> {
  const { rows } = await q.query<MomentRow>(
    `SELECT m.id, m.author_wt_id, ${nameFor('u', '$1')} AS name, u.avatar, m.content, ${unixTime('m.created_at')} AS time
     FROM moments m JOIN (${feedAuthors('$1')}) a ON a.wt_id = m.author_wt_id JOIN users u ON u.wt_id = m.author_wt_id
     WHERE m.content ILIKE $2 AND (m.author_wt_id = $1 OR ${audienceAdmits('m', '$1')})
     ORDER BY m.id DESC LIMIT $3`,
    [me, pattern, limit],
    { planPerCall: true },
  )
  return rows
}
