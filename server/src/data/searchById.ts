import type { SearchResult } from '../../../types/search.js'
import type { Queryable } from '../db/Db.js'
import { mosaicAvatarsSql } from './groups/currentMembers.js'

/** Exact match on a user ID, a phone number or a group number: active users first (the ID before the phone), then live groups. */
export async function searchById(q: Queryable, id: string): Promise<SearchResult[]> {
  const users = await q.query<{ wt_id: string; nick_name: string; avatar: string }>(
    'SELECT wt_id, nick_name, avatar FROM users WHERE (wt_id = $1 OR phone = $1) AND action_status = 0 ORDER BY wt_id = $1 DESC',
    [id],
  )
  const groups = await q.query<{ group_id: string; group_number: string; group_name: string; group_avatar: string; member_avatars: string[] | null }>(
    `SELECT g.group_id, g.group_number, g.group_name, g.group_avatar, ${mosaicAvatarsSql('g')} AS member_avatars
     FROM groups g WHERE g.group_number = $1 AND g.dissolved_at IS NULL`,
    [id],
  )
  return [
    ...users.rows.map((u) => ({ wtId: u.wt_id, name: u.nick_name, avatar: u.avatar, type: 1 as const, userType: 0, groupNumber: '', applySource: u.wt_id === id ? (1 as const) : (2 as const) })),
    ...groups.rows.map((g) => ({ wtId: g.group_id, name: g.group_name, avatar: g.group_avatar, type: 2 as const, userType: 0, groupNumber: g.group_number, applySource: 0 as const,
      ...(g.group_avatar ? {} : { memberAvatars: g.member_avatars ?? [] }) })),
  ]
}
