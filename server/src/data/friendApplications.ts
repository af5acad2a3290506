import { APPLY_LIST_MAX, type FriendApplication } from '../../../types/friends.js'
import type { Queryable } from '../db/Db.js'

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
 * The groups `me` shares with `target` (or the one named), the first one whose member protection
 * (spec 6) stops ordinary members adding each other last: each with its name and whether it does.
 */
export async function sharedGroupFirst(q: Queryable, me: string, target: string, groupId: string | undefined): Promise<{ group_name: string; protected: boolean } | undefined> {
  const { rows } = await q.query<{ group_name: string; protected: boolean }>(
    `SELECT g.group_name, (g.member_protect_switch = 1 AND x.identity = 1) AS protected
     FROM groups g
     JOIN group_members x ON x.group_id = g.group_id AND x.wt_id = $1 AND x.left_at IS NULL
     JOIN group_members y ON y.group_id = g.group_id AND y.wt_id = $2 AND y.left_at IS NULL
     WHERE g.dissolved_at IS NULL AND ($3::text IS NULL OR g.group_id = $3)
     ORDER BY (g.member_protect_switch = 1 AND x.identity = 1), g.created_at DESC`,
    [me, target, groupId ?? null],
  )
  return rows[0]
}

/** The target's account state and whether they blacklisted `me`; undefined for an unknown user. */
export async function targetOf(q: Queryable, me: string, target: string): Promise<{ action_status: number; blocked: boolean } | undefined> {
  const { rows } = await q.query<{ action_status: number; blocked: boolean }>(
    `SELECT u.action_status, EXISTS (SELECT 1 FROM user_blacklist b WHERE b.owner_wt_id = u.wt_id AND b.target_wt_id = $1) AS blocked
     FROM users u WHERE u.wt_id = $2`,
    [me, target],
  )
  return rows[0]
}

export async function nickNameOf(q: Queryable, wtId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ nick_name: string }>('SELECT nick_name FROM users WHERE wt_id = $1', [wtId])
  return rows[0]?.nick_name
}

export async function actionStatusOf(q: Queryable, wtId: string): Promise<number | undefined> {
  const { rows } = await q.query<{ action_status: number }>('SELECT action_status FROM users WHERE wt_id = $1', [wtId])
  return rows[0]?.action_status
}

export interface NewApplication {
  applicant: string
  target: string
  applySource: number
  applyInfo: string
  groupId: string | null
}

/** Records an application, or renews the one already there as new and unread. */
export async function upsertApplication(q: Queryable, a: NewApplication): Promise<void> {
  await q.query(
    `INSERT INTO friend_applications (applicant_wt_id, target_wt_id, apply_source, apply_info, group_id)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (applicant_wt_id, target_wt_id) DO UPDATE
       SET apply_source = EXCLUDED.apply_source, apply_info = EXCLUDED.apply_info, group_id = EXCLUDED.group_id,
           status = 0, is_read = FALSE, created_at = now(), handled_at = NULL`,
    [a.applicant, a.target, a.applySource, a.applyInfo, a.groupId],
  )
}

/** One application as its receiver sees it. */
export async function applicationOf(q: Queryable, applicant: string, target: string): Promise<FriendApplication> {
  const { rows } = await q.query<ApplicationRow>(`${APPLICATION_SELECT} WHERE a.applicant_wt_id = $1 AND a.target_wt_id = $2`, [applicant, target])
  return toApplication(rows[0]!)
}

/** Settles a pending application; answers its source, or undefined when none was pending. */
export async function settlePending(q: Queryable, applicant: string, target: string, status: number): Promise<number | undefined> {
  const { rows } = await q.query<{ apply_source: number }>(
    `UPDATE friend_applications SET status = $3, is_read = TRUE, handled_at = now()
     WHERE applicant_wt_id = $1 AND target_wt_id = $2 AND status = 0 RETURNING apply_source`,
    [applicant, target, status],
  )
  return rows[0]?.apply_source
}

/** My own pending application to someone who has just agreed to theirs: agreed too. */
export async function agreeReverse(q: Queryable, me: string, applicant: string): Promise<void> {
  await q.query(
    `UPDATE friend_applications SET status = 1, is_read = TRUE, handled_at = now() WHERE applicant_wt_id = $1 AND target_wt_id = $2 AND status = 0`,
    [me, applicant],
  )
}

/** Applications to me, newest first. */
export async function applicationsTo(q: Queryable, me: string): Promise<FriendApplication[]> {
  const { rows } = await q.query<ApplicationRow>(`${APPLICATION_SELECT} WHERE a.target_wt_id = $1 ORDER BY a.created_at DESC LIMIT $2`, [
    me,
    APPLY_LIST_MAX,
  ])
  return rows.map(toApplication)
}

/** Marks every application to me read; answers whether any was unread. */
export async function markApplicationsRead(q: Queryable, me: string): Promise<boolean> {
  const { rowCount } = await q.query('UPDATE friend_applications SET is_read = TRUE WHERE target_wt_id = $1 AND NOT is_read', [me])
  return rowCount > 0
}
