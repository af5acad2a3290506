import {
  APPLY_LIST_MAX,
  ApplySource,
  ApplyStatus,
  ContactError,
  HandleStatus,
  defaultApplyInfo,
  type FriendApplication,
} from '../../../types/friends.js'
import type { Queryable } from '../db/Db.js'
import { areFriends, makeFriends } from './friends.js'
import { refuse } from './refusal.js'

interface ApplicationRow {
  applicant_wt_id: string
  nick_name: string
  avatar: string
  status: number
  apply_source: number
  apply_info: string
  created_at: Date
  is_read: boolean
}

const APPLICATION_SELECT = `
  SELECT a.applicant_wt_id, u.nick_name, u.avatar, a.status, a.apply_source, a.apply_info, a.created_at, a.is_read
  FROM friend_applications a JOIN users u ON u.wt_id = a.applicant_wt_id`

const toApplication = (r: ApplicationRow): FriendApplication => ({
  applyWtId: r.applicant_wt_id,
  applyNickName: r.nick_name,
  applyAvatar: r.avatar,
  applyStatus: r.status as FriendApplication['applyStatus'],
  applySource: r.apply_source,
  applyInfo: r.apply_info,
  createTime: Math.floor(new Date(r.created_at).getTime() / 1000),
  isRead: r.is_read,
})

/** Pending applications the user has not seen yet: their share of the contacts badge. */
export async function unreadApplications(q: Queryable, me: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM friend_applications WHERE target_wt_id = $1 AND status = 0 AND NOT is_read',
    [me],
  )
  return rows[0]!.n
}

/**
 * Member protection (spec 6): ordinary members of a group with the switch on cannot add each
 * other from that group. Without a named group, the application passes when at least one group
 * the two share would allow it. Returns the group's name for the default reason.
 */
async function checkGroupSource(q: Queryable, me: string, target: string, groupId: string | undefined): Promise<string> {
  const { rows } = await q.query<{ group_name: string; protected: boolean }>(
    `SELECT g.group_name, (g.member_protect_switch = 1 AND x.identity = 1) AS protected
     FROM groups g
     JOIN group_members x ON x.group_id = g.group_id AND x.wt_id = $1 AND x.left_at IS NULL
     JOIN group_members y ON y.group_id = g.group_id AND y.wt_id = $2 AND y.left_at IS NULL
     WHERE g.dissolved_at IS NULL AND ($3::text IS NULL OR g.group_id = $3)
     ORDER BY (g.member_protect_switch = 1 AND x.identity = 1), g.created_at DESC`,
    [me, target, groupId ?? null],
  )
  const first = rows[0]
  if (!first) throw refuse(ContactError.NotInGroup)
  if (first.protected) throw refuse(ContactError.MemberProtected)
  return first.group_name
}

export interface ApplyInput {
  applyWtId: string
  applySource: number
  applyInfo: string
  groupID?: string | undefined
}

/** Records (or renews) my application to a user; returns it as the receiver sees it. */
export async function applyForFriend(q: Queryable, me: string, input: ApplyInput): Promise<FriendApplication> {
  const target = input.applyWtId
  if (target === me) throw refuse(ContactError.ApplySelf)
  const { rows } = await q.query<{ action_status: number; blocked: boolean }>(
    `SELECT u.action_status, EXISTS (SELECT 1 FROM user_blacklist b WHERE b.owner_wt_id = u.wt_id AND b.target_wt_id = $1) AS blocked
     FROM users u WHERE u.wt_id = $2`,
    [me, target],
  )
  const t = rows[0]
  if (!t) throw refuse(ContactError.UserNotFound)
  if (t.action_status !== 0) throw refuse(ContactError.Deactivated)
  if (t.blocked) throw refuse(ContactError.BlockedByPeer)
  if (await areFriends(q, me, target)) throw refuse(ContactError.AlreadyFriend)
  let info = input.applyInfo
  if (input.applySource === ApplySource.Group) {
    const groupName = await checkGroupSource(q, me, target, input.groupID)
    if (!info) {
      const { rows: self } = await q.query<{ nick_name: string }>('SELECT nick_name FROM users WHERE wt_id = $1', [me])
      info = defaultApplyInfo(self[0]?.nick_name ?? '', groupName)
    }
  }
  await q.query(
    `INSERT INTO friend_applications (applicant_wt_id, target_wt_id, apply_source, apply_info, group_id)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (applicant_wt_id, target_wt_id) DO UPDATE
       SET apply_source = EXCLUDED.apply_source, apply_info = EXCLUDED.apply_info, group_id = EXCLUDED.group_id,
           status = 0, is_read = FALSE, created_at = now(), handled_at = NULL`,
    [me, target, input.applySource, info, input.groupID ?? null],
  )
  const { rows: saved } = await q.query<ApplicationRow>(`${APPLICATION_SELECT} WHERE a.applicant_wt_id = $1 AND a.target_wt_id = $2`, [me, target])
  return toApplication(saved[0]!)
}

/**
 * Agrees to or rejects a pending application to me. Agreeing makes the two friends both ways
 * and settles my own pending application to the applicant, if any.
 */
export async function handleApplication(q: Queryable, me: string, applicant: string, handleStatus: number): Promise<FriendApplication> {
  const status = handleStatus === HandleStatus.Agree ? ApplyStatus.Agreed : ApplyStatus.Rejected
  const { rows } = await q.query<{ apply_source: number }>(
    `UPDATE friend_applications SET status = $3, is_read = TRUE, handled_at = now()
     WHERE applicant_wt_id = $1 AND target_wt_id = $2 AND status = 0 RETURNING apply_source`,
    [applicant, me, status],
  )
  const row = rows[0]
  if (!row) throw refuse(ContactError.ApplicationNotFound)
  if (status === ApplyStatus.Agreed) {
    const { rows: u } = await q.query<{ action_status: number }>('SELECT action_status FROM users WHERE wt_id = $1', [applicant])
    if (u[0]?.action_status !== 0) throw refuse(ContactError.Deactivated)
    await makeFriends(q, me, applicant, row.apply_source)
    await q.query(
      `UPDATE friend_applications SET status = 1, is_read = TRUE, handled_at = now() WHERE applicant_wt_id = $1 AND target_wt_id = $2 AND status = 0`,
      [me, applicant],
    )
  }
  const { rows: saved } = await q.query<ApplicationRow>(`${APPLICATION_SELECT} WHERE a.applicant_wt_id = $1 AND a.target_wt_id = $2`, [applicant, me])
  return toApplication(saved[0]!)
}

/** Applications to me, newest first. Opening the list marks them read; `isRead` shows the state before. */
export async function listApplications(q: Queryable, me: string): Promise<{ list: FriendApplication[]; hadUnread: boolean }> {
  const { rows } = await q.query<ApplicationRow>(`${APPLICATION_SELECT} WHERE a.target_wt_id = $1 ORDER BY a.created_at DESC LIMIT $2`, [
    me,
    APPLY_LIST_MAX,
  ])
  const { rowCount } = await q.query('UPDATE friend_applications SET is_read = TRUE WHERE target_wt_id = $1 AND NOT is_read', [me])
  return { list: rows.map(toApplication), hadUnread: rowCount > 0 }
}
