import {
  ApplyStatus,
  GroupIdentity,
  GroupText,
  SwitchValue,
  type ActiveJoinBody,
  type ActiveJoinResult,
  type HandleAction,
  type JoinType,
} from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { conflict, forbidden, notFound } from '../refusal.js'
import { openGroup, requireRole, type GroupAccess } from './access.js'
import type { GroupEffects } from './effects.js'
import { addMembers } from './membership.js'
import { EFFECTIVE_VIP_LEVEL, EFFECTIVE_VIP_TYPE } from '../users.js'

/**
 * The join level: the applicant's membership (VIP) level, users.vip_level (0 for non-members,
 * 1-10 for members). A group with limitLevel n admits active joins only from level n up;
 * invites by members and admins are not limited.
 */
async function applicantLevel(q: Queryable, wtId: string): Promise<number> {
  const { rows } = await q.query<{ vip_level: number; vip_type: number }>(
    `SELECT ${EFFECTIVE_VIP_LEVEL} AS vip_level, ${EFFECTIVE_VIP_TYPE} AS vip_type FROM users WHERE wt_id = $1`,
    [wtId],
  )
  const r = rows[0]
  return r && r.vip_type !== 0 ? r.vip_level : 0
}

async function isBlacklisted(q: Queryable, groupId: string, wtId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM group_blacklist WHERE group_id = $1 AND wt_id = $2', [groupId, wtId])
  return rows.length > 0
}

/**
 * member/activeJoin: a non-member joins by search (3) or QR code (1). confirminviteSwitch 0
 * joins at once, 1 creates an application for the admins, 2 refuses; limitLevel and the
 * group blacklist refuse too.
 */
export async function activeJoin(q: Queryable, fx: GroupEffects, me: string, body: ActiveJoinBody): Promise<ActiveJoinResult> {
  const access = await openGroup(q, body.groupNumber, me, true)
  if (access.self) throw conflict(GroupText.AlreadyMember)
  const g = access.group
  if (await isBlacklisted(q, g.group_id, me)) throw forbidden(GroupText.Blacklisted)
  if (g.confirm_invite_switch === SwitchValue.Off) throw forbidden(GroupText.JoinDisallowed)
  if (g.limit_level > 0 && (await applicantLevel(q, me)) < g.limit_level) throw forbidden(GroupText.LevelTooLow)
  if (g.confirm_invite_switch === SwitchValue.AutoPass) {
    await addMembers(q, fx, access, me, [me], body.joinType as JoinType, null)
    return { status: 'joined' }
  }
  // Applying again while pending replaces the message rather than adding a second row.
  await q.query(
    `INSERT INTO group_applications (group_id, applicant, apply_message, join_type) VALUES ($1, $2, $3, $4)
     ON CONFLICT (group_id, applicant) WHERE status = 0 DO UPDATE SET apply_message = EXCLUDED.apply_message`,
    [g.group_id, me, body.applyMessage, body.joinType],
  )
  fx.counterGroups.add(g.group_id)
  return { status: 'pending' }
}

interface PendingRow {
  apply_id: string
  group_number: string
  applicant: string
  inviter: string | null
  join_type: number
}

/**
 * Agrees to or rejects one application, as an admin or the owner of its group. Agreeing adds
 * the applicant (join tip, welcome message); either way the applicant's and admins' counters change.
 */
async function handle(q: Queryable, fx: GroupEffects, me: string, app: PendingRow, action: HandleAction): Promise<void> {
  // The group row first, as every other group change locks it, then the application itself.
  const access: GroupAccess = await requireRole(q, app.group_number, me, GroupIdentity.Admin, true)
  const { rows } = await q.query<{ status: number }>('SELECT status FROM group_applications WHERE apply_id = $1 FOR UPDATE', [app.apply_id])
  if (rows[0]?.status !== ApplyStatus.Pending) throw conflict('该申请已处理')
  const status = action === 'Agree' ? ApplyStatus.Agreed : ApplyStatus.Rejected
  if (status === ApplyStatus.Agreed) {
    if (await isBlacklisted(q, access.group.group_id, app.applicant)) throw forbidden('该用户已被拉黑')
    await addMembers(q, fx, access, app.inviter ?? app.applicant, [app.applicant], app.join_type as JoinType, app.inviter)
  }
  await q.query('UPDATE group_applications SET status = $2, handler = $3, handled_at = now() WHERE apply_id = $1', [app.apply_id, status, me])
  fx.counterGroups.add(access.group.group_id)
  fx.counters.add(app.applicant)
}

const PENDING_SELECT = `SELECT a.apply_id::text, g.group_number, a.applicant, a.inviter, a.join_type
  FROM group_applications a JOIN groups g ON g.group_id = a.group_id`

/** member/audit: by application id (the notice list and the drawer). */
export async function audit(q: Queryable, fx: GroupEffects, me: string, applyId: number, action: HandleAction): Promise<void> {
  const { rows } = await q.query<PendingRow>(`${PENDING_SELECT} WHERE a.apply_id = $1`, [applyId])
  if (!rows[0]) throw notFound('申请不存在')
  await handle(q, fx, me, rows[0], action)
}

/** member/joinVerify: the pending application of one applicant in one group. */
export async function joinVerify(q: Queryable, fx: GroupEffects, me: string, groupNumber: string, applicant: string, action: HandleAction): Promise<void> {
  await requireRole(q, groupNumber, me, GroupIdentity.Admin)
  const { rows } = await q.query<PendingRow>(`${PENDING_SELECT} WHERE g.group_number = $1 AND a.applicant = $2 AND a.status = 0`, [
    groupNumber,
    applicant,
  ])
  if (!rows[0]) throw notFound('没有待处理的申请')
  await handle(q, fx, me, rows[0], action)
}
