import { ActionStatus, type CommonGroup, type FriendListItem, type SpaceStatus } from '../../../types/friends.js'
import type { Queryable } from '../db/Db.js'
import type { ProfileFacts } from '../domain/friends.js'
import { GROUP_SUMMARY_COLUMNS, groupSummary, type GroupSummaryRow } from './groups/summary.js'

/** Two-way friends: both rows exist (a friendship is only made on acceptance, and only deleted as a pair). */
export async function areFriends(q: Queryable, a: string, b: string): Promise<boolean> {
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM friendships WHERE (owner_wt_id = $1 AND friend_wt_id = $2) OR (owner_wt_id = $2 AND friend_wt_id = $1)',
    [a, b],
  )
  return rows[0]!.n === 2
}

/** Makes two users friends both ways (an accepted application, the demo seed). */
export async function makeFriends(q: Queryable, a: string, b: string, applySource: number): Promise<void> {
  await q.query(
    `INSERT INTO friendships (owner_wt_id, friend_wt_id, apply_source) VALUES ($1, $2, $3), ($2, $1, $3) ON CONFLICT DO NOTHING`,
    [a, b, applySource],
  )
}

/** Ends the friendship on both sides, and each side's tags on the other. */
export async function unfriend(q: Queryable, a: string, b: string): Promise<void> {
  await q.query(
    'DELETE FROM friendships WHERE (owner_wt_id = $1 AND friend_wt_id = $2) OR (owner_wt_id = $2 AND friend_wt_id = $1)',
    [a, b],
  )
  await q.query(
    `DELETE FROM user_tag_members m USING user_tags t
     WHERE t.id = m.tag_id AND ((t.owner_wt_id = $1 AND m.wt_id = $2) OR (t.owner_wt_id = $2 AND m.wt_id = $1))`,
    [a, b],
  )
}

export async function unmuteConversation(q: Queryable, me: string, conversationID: string): Promise<void> {
  await q.query('UPDATE user_conversations SET muted = FALSE WHERE wt_id = $1 AND conversation_id = $2', [me, conversationID])
}

const TAG_NAMES = `COALESCE((SELECT array_agg(t.tag_name ORDER BY t.id) FROM user_tags t JOIN user_tag_members m ON m.tag_id = t.id
                   WHERE t.owner_wt_id = $1 AND m.wt_id = u.wt_id), '{}') AS tag_names`

interface FriendListRow {
  wt_id: string
  nick_name: string
  avatar: string
  remark: string
  action_status: number
  tag_names: string[]
}

const toListItem = (r: FriendListRow): FriendListItem => ({
  wtId: r.wt_id,
  nickName: r.nick_name,
  remark: r.remark,
  avatar: r.avatar,
  tagNameList: r.tag_names,
  actionStatus: r.action_status === 1 ? ActionStatus.Deleted : ActionStatus.Active,
})

/** My two-way friends, by remark or nickname (the client groups them by pinyin). */
export async function listFriends(q: Queryable, me: string, only?: string[]): Promise<FriendListItem[]> {
  const { rows } = await q.query<FriendListRow>(
    `SELECT u.wt_id, u.nick_name, u.avatar, u.action_status, f.remark, ${TAG_NAMES}
     FROM friendships f JOIN users u ON u.wt_id = f.friend_wt_id
     WHERE f.owner_wt_id = $1 AND ($2::text[] IS NULL OR u.wt_id = ANY($2::text[]))
       AND EXISTS (SELECT 1 FROM friendships r WHERE r.owner_wt_id = f.friend_wt_id AND r.friend_wt_id = $1)
     ORDER BY COALESCE(NULLIF(f.remark, ''), u.nick_name), u.wt_id`,
    [me, only ?? null],
  )
  return rows.map(toListItem)
}

export async function updateRemark(q: Queryable, me: string, friend: string, remark: string): Promise<void> {
  await q.query('UPDATE friendships SET remark = $3 WHERE owner_wt_id = $1 AND friend_wt_id = $2', [me, friend, remark])
}

export interface SpaceFlags {
  friendsSpaceStatus?: number
  mineSpaceStatus?: number
}

export async function updateSpaceStatus(q: Queryable, me: string, friend: string, patch: SpaceFlags): Promise<{ friendsSpaceStatus: SpaceStatus; mineSpaceStatus: SpaceStatus }> {
  const { rows } = await q.query<{ friends_space_status: number; mine_space_status: number }>(
    `UPDATE friendships SET friends_space_status = COALESCE($3, friends_space_status), mine_space_status = COALESCE($4, mine_space_status)
     WHERE owner_wt_id = $1 AND friend_wt_id = $2 RETURNING friends_space_status, mine_space_status`,
    [me, friend, patch.friendsSpaceStatus ?? null, patch.mineSpaceStatus ?? null],
  )
  return { friendsSpaceStatus: rows[0]!.friends_space_status as SpaceStatus, mineSpaceStatus: rows[0]!.mine_space_status as SpaceStatus }
}

/** One user as `me` sees them: my remark, my tags and my flags, and what lies between us. */
export type ProfileRow = ProfileFacts & { action_status: number }

export async function profileRow(q: Queryable, me: string, searchId: string): Promise<ProfileRow | undefined> {
  const { rows } = await q.query<ProfileRow>(
    `SELECT u.wt_id, u.nick_name, u.avatar, u.bio, u.action_status,
            f.remark, f.friends_space_status, f.mine_space_status, f.apply_source AS friend_source,
            EXISTS (SELECT 1 FROM friendships r WHERE r.owner_wt_id = u.wt_id AND r.friend_wt_id = $1) AS reverse,
            EXISTS (SELECT 1 FROM user_blacklist b WHERE b.owner_wt_id = $1 AND b.target_wt_id = u.wt_id) AS black,
            (SELECT a.apply_source FROM friend_applications a WHERE a.applicant_wt_id = $1 AND a.target_wt_id = u.wt_id AND a.status = 0) AS apply_source,
            (SELECT count(*)::int FROM group_members x JOIN group_members y ON y.group_id = x.group_id AND y.wt_id = u.wt_id AND y.left_at IS NULL
               JOIN groups g ON g.group_id = x.group_id AND g.dissolved_at IS NULL
             WHERE x.wt_id = $1 AND x.left_at IS NULL) AS common,
            ${TAG_NAMES}
     FROM users u LEFT JOIN friendships f ON f.owner_wt_id = $1 AND f.friend_wt_id = u.wt_id
     WHERE u.wt_id = $2`,
    [me, searchId],
  )
  return rows[0]
}

/** Groups both users currently belong to, newest first. */
export async function commonGroups(q: Queryable, me: string, other: string): Promise<CommonGroup[]> {
  const { rows } = await q.query<GroupSummaryRow>(
    `SELECT ${GROUP_SUMMARY_COLUMNS}
     FROM groups g
     JOIN group_members x ON x.group_id = g.group_id AND x.wt_id = $1 AND x.left_at IS NULL
     JOIN group_members y ON y.group_id = g.group_id AND y.wt_id = $2 AND y.left_at IS NULL
     WHERE g.dissolved_at IS NULL
     ORDER BY g.created_at DESC`,
    [me, other],
  )
  return rows.map(groupSummary)
}
