import type { GroupListItem } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import type { GroupRow } from '../../domain/groups/access.js'
import { ensureChannel } from '../messages/channels.js'
import { NUMBERED_WT_ID } from '../users.js'
import { GROUP_SUMMARY_COLUMNS, groupSummary, type GroupSummaryRow } from './summary.js'

const GROUP_COLUMNS = `group_id, group_number, group_name, group_avatar, group_notice, welcome_msg, owner_wt_id, group_type,
  limit_level, invite_switch, confirm_invite_switch, member_protect_switch, banned_switch, created_at`

/**
 * A group by number, dissolved or not, its row locked when `lock` is set so that concurrent
 * membership changes of one group (admin cap, transfer, dissolve) apply one at a time.
 */
export async function groupByNumber(q: Queryable, groupNumber: string, lock: boolean): Promise<(GroupRow & { dissolved: boolean }) | undefined> {
  const { rows } = await q.query<GroupRow & { dissolved: boolean }>(
    `SELECT ${GROUP_COLUMNS}, dissolved_at IS NOT NULL AS dissolved FROM groups WHERE group_number = $1${lock ? ' FOR UPDATE' : ''}`,
    [groupNumber],
  )
  return rows[0]
}

export async function nicksOf(q: Queryable, wtIds: string[]): Promise<Map<string, string>> {
  if (wtIds.length === 0) return new Map()
  const { rows } = await q.query<{ wt_id: string; nick_name: string }>('SELECT wt_id, nick_name FROM users WHERE wt_id = ANY($1::text[])', [wtIds])
  return new Map(rows.map((r) => [r.wt_id, r.nick_name]))
}

/** Which of `wtIds` are accounts at all (deleted ones included). */
export async function existingUsers(q: Queryable, wtIds: string[]): Promise<string[]> {
  const { rows } = await q.query<{ wt_id: string }>('SELECT wt_id FROM users WHERE wt_id = ANY($1::text[])', [wtIds])
  return rows.map((u) => u.wt_id)
}

/** Active accounts among `wtIds` other than the owner, with their nicknames: who a new group starts with. */
export async function activeUsersBut(q: Queryable, wtIds: string[], owner: string): Promise<Array<{ wt_id: string; nick_name: string }>> {
  const { rows } = await q.query<{ wt_id: string; nick_name: string }>(
    'SELECT wt_id, nick_name FROM users WHERE wt_id = ANY($1::text[]) AND action_status = 0 AND wt_id <> $2',
    [wtIds, owner],
  )
  return rows
}

/**
 * Member protection (spec 6): whether `applicant` may not add `target` as a friend from a
 * group, because they share a group with memberProtectSwitch on where both are ordinary
 * members. For the friend-request check of requests whose applySource is 5 (group).
 */
export async function memberProtectionBlocks(q: Queryable, applicant: string, target: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM group_members a JOIN group_members b ON b.group_id = a.group_id JOIN groups g ON g.group_id = a.group_id
     WHERE a.wt_id = $1 AND b.wt_id = $2 AND a.left_at IS NULL AND b.left_at IS NULL AND a.identity = 1 AND b.identity = 1
       AND g.member_protect_switch = 1 AND g.dissolved_at IS NULL
     LIMIT 1`,
    [applicant, target],
  )
  return rows.length > 0
}

export async function nextGroupNumber(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ n: string }>(`SELECT nextval('group_number_seq')::text AS n`)
  return rows[0]!.n
}

export interface NewGroup {
  groupId: string
  groupNumber: string
  groupName: string
  groupAvatar: string
  groupNotice: string
  owner: string
  groupType: string
  inviteSwitch: number
  confirmInviteSwitch: number
}

export async function insertGroup(q: Queryable, g: NewGroup): Promise<void> {
  await q.query(
    `INSERT INTO groups (group_id, group_number, group_name, group_avatar, group_notice, owner_wt_id, group_type, invite_switch, confirm_invite_switch)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [g.groupId, g.groupNumber, g.groupName, g.groupAvatar, g.groupNotice, g.owner, g.groupType, g.inviteSwitch, g.confirmInviteSwitch],
  )
}

/**
 * The caller's current groups, newest first; with `text`, only those whose name, own remark or
 * number contains it, capped at 100.
 */
export async function listGroups(q: Queryable, me: string, text?: string): Promise<GroupListItem[]> {
  const filter = text === undefined ? '' : 'AND (g.group_name ILIKE $2 OR gm.group_name_remark ILIKE $2 OR g.group_number LIKE $2)'
  const params = text === undefined ? [me] : [me, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]
  const { rows } = await q.query<GroupSummaryRow & { group_notice: string; identity: number }>(
    `SELECT ${GROUP_SUMMARY_COLUMNS}, g.group_notice, gm.identity
     FROM group_members gm JOIN groups g ON g.group_id = gm.group_id
     WHERE gm.wt_id = $1 AND gm.left_at IS NULL AND g.dissolved_at IS NULL ${filter}
     ORDER BY g.created_at DESC${text === undefined ? '' : ' LIMIT 100'}`,
    params,
  )
  return rows.map((r) => ({ ...groupSummary(r), groupNotice: r.group_notice, identity: r.identity as GroupListItem['identity'] }))
}

/** The column of each group field a settings change may write. */
export const GROUP_FIELD_COLUMN = {
  groupName: 'group_name',
  groupAvatar: 'group_avatar',
  groupNotice: 'group_notice',
  inviteSwitch: 'invite_switch',
  confirminviteSwitch: 'confirm_invite_switch',
  memberProtectSwitch: 'member_protect_switch',
  bannedSwitch: 'banned_switch',
  groupType: 'group_type',
  groupWelcomeMsg: 'welcome_msg',
  limitLevel: 'limit_level',
} as const

/** Writes one field; false when it already had that value. */
export async function updateGroupField(q: Queryable, groupId: string, key: keyof typeof GROUP_FIELD_COLUMN, value: string | number): Promise<boolean> {
  const column = GROUP_FIELD_COLUMN[key]
  const { rowCount } = await q.query(`UPDATE groups SET ${column} = $2 WHERE group_id = $1 AND ${column} IS DISTINCT FROM $2`, [groupId, value])
  return rowCount > 0
}

export async function setOwner(q: Queryable, groupId: string, wtId: string): Promise<void> {
  await q.query('UPDATE groups SET owner_wt_id = $2 WHERE group_id = $1', [groupId, wtId])
}

export async function markDissolved(q: Queryable, groupId: string): Promise<void> {
  await q.query('UPDATE groups SET dissolved_at = now() WHERE group_id = $1', [groupId])
}

/** Whether the user pinned the group's conversation. */
export async function isPinned(q: Queryable, wtId: string, conversationID: string): Promise<boolean> {
  const { rows } = await q.query<{ pinned: boolean }>(
    'SELECT pinned_at IS NOT NULL AS pinned FROM user_conversations WHERE wt_id = $1 AND conversation_id = $2',
    [wtId, conversationID],
  )
  return rows[0]?.pinned ?? false
}

export interface NumberedGroup {
  groupName: string
  groupType: string
  /** The numbered members, `first` to `last` (see NUMBERED_WT_ID). */
  first: number
  last: number
  /** The member `first`'s ID, who owns the group. */
  owner: string
}

/**
 * A group of numbered users made in the database (the benchmark's): the first owns it and invited
 * everyone else. Each member's conversation row is made once here, as joining does; sending never
 * writes per-member rows. Answers the group ID.
 */
export async function insertNumberedGroup(q: Queryable, g: NumberedGroup): Promise<string> {
  const { rows } = await q.query<{ n: string }>(`SELECT nextval('group_number_seq')::text AS n`)
  const groupNumber = rows[0]!.n
  const groupId = `G${groupNumber}`
  const channelId = `group:${groupId}`
  await q.query('INSERT INTO groups (group_id, group_number, group_name, owner_wt_id, group_type) VALUES ($1, $2, $3, $4, $5)', [
    groupId,
    groupNumber,
    g.groupName,
    g.owner,
    g.groupType,
  ])
  await q.query(
    `INSERT INTO group_members (group_id, wt_id, identity, join_type, inviter_wt_id)
     SELECT $1, ${NUMBERED_WT_ID}, CASE WHEN n = $2 THEN 3 ELSE 1 END, 2, CASE WHEN n = $2 THEN NULL ELSE $4 END
     FROM generate_series($2::int, $3::int) AS n`,
    [groupId, g.first, g.last, g.owner],
  )
  await ensureChannel(q, channelId)
  await q.query(
    `INSERT INTO user_conversations (wt_id, conversation_id, channel_id)
     SELECT ${NUMBERED_WT_ID}, $1, $2 FROM generate_series($3::int, $4::int) AS n`,
    [`GROUP${groupId}`, channelId, g.first, g.last],
  )
  return groupId
}
