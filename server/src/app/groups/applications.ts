import { ApplyStatus, GroupIdentity, GroupText, SwitchValue, type ActiveJoinBody, type ActiveJoinResult, type HandleAction, type JoinType } from '../../../../types/group.js'
import type { AppContext } from '../../context.js'
import type { Queryable } from '../../db/Db.js'
import * as applications from '../../data/groups/applications.js'
import { isBlacklisted } from '../../data/groups/blacklist.js'
import type { GroupAccess } from '../../domain/groups/access.js'
import { joinLevel } from '../../domain/groups/applications.js'
import type { GroupEffects } from '../../domain/groups/effects.js'
import { conflict, forbidden, notFound } from '../../domain/refusal.js'
import { openGroup, requireRole } from './access.js'
import { addMembers } from './membership.js'
import { runGroupChange } from './run.js'

/**
 * member/activeJoin: a non-member joins by search (3) or QR code (1). confirminviteSwitch 0
 * joins at once, 1 creates an application for the admins, 2 refuses; limitLevel and the
 * group blacklist refuse too.
 */
export const activeJoin = (ctx: AppContext, me: string, body: ActiveJoinBody): Promise<ActiveJoinResult> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await openGroup(q, body.groupNumber, me, true)
    if (access.self) throw conflict(GroupText.AlreadyMember)
    const g = access.group
    if (await isBlacklisted(q, g.group_id, me)) throw forbidden(GroupText.Blacklisted)
    if (g.confirm_invite_switch === SwitchValue.Off) throw forbidden(GroupText.JoinDisallowed)
    if (g.limit_level > 0 && joinLevel(await applications.vipOf(q, me)) < g.limit_level) throw forbidden(GroupText.LevelTooLow)
    if (g.confirm_invite_switch === SwitchValue.AutoPass) {
      await addMembers(q, fx, access, me, [me], body.joinType as JoinType, null)
      return { status: 'joined' }
    }
    await applications.upsertJoinApplication(q, g.group_id, me, body.applyMessage, body.joinType)
    fx.counterGroups.add(g.group_id)
    return { status: 'pending' }
  })

/**
 * Agrees to or rejects one application, as an admin or the owner of its group. Agreeing adds
 * the applicant (join tip, welcome message); either way the applicant's and admins' counters change.
 */
async function handle(q: Queryable, fx: GroupEffects, me: string, app: applications.PendingRow, action: HandleAction): Promise<void> {
  // The group row first, as every other group change locks it, then the application itself.
  const access: GroupAccess = await requireRole(q, app.group_number, me, GroupIdentity.Admin, true)
  if ((await applications.lockStatus(q, app.apply_id)) !== ApplyStatus.Pending) throw conflict('该申请已处理')
  const status = action === 'Agree' ? ApplyStatus.Agreed : ApplyStatus.Rejected
  if (status === ApplyStatus.Agreed) {
    if (await isBlacklisted(q, access.group.group_id, app.applicant)) throw forbidden('该用户已被拉黑')
    await addMembers(q, fx, access, app.inviter ?? app.applicant, [app.applicant], app.join_type as JoinType, app.inviter)
  }
  await applications.settle(q, app.apply_id, status, me)
  fx.counterGroups.add(access.group.group_id)
  fx.counters.add(app.applicant)
}

/** member/audit: by application id (the notice list and the drawer). */
export const audit = (ctx: AppContext, me: string, applyId: number, action: HandleAction): Promise<void> =>
  runGroupChange(ctx, async (q, fx) => {
    const app = await applications.applicationById(q, applyId)
    if (!app) throw notFound('申请不存在')
    await handle(q, fx, me, app, action)
  })

/** member/joinVerify: the pending application of one applicant in one group. */
export const joinVerify = (ctx: AppContext, me: string, groupNumber: string, applicant: string, action: HandleAction): Promise<void> =>
  runGroupChange(ctx, async (q, fx) => {
    await requireRole(q, groupNumber, me, GroupIdentity.Admin)
    const app = await applications.pendingOf(q, groupNumber, applicant)
    if (!app) throw notFound('没有待处理的申请')
    await handle(q, fx, me, app, action)
  })
