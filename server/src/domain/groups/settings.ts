import { GroupEditKeys, TipOp, type GroupEditBody, type GroupEditKey } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import type { GroupAccess } from './access.js'
import type { MemberRow } from './currentMembers.js'
import type { GroupEffects } from './effects.js'
import { writeTip } from './tips.js'

type Member = GroupAccess & { self: MemberRow }

const COLUMN: Record<GroupEditKey | 'groupWelcomeMsg' | 'limitLevel', string> = {
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
}

/** Profile fields everyone sees change as a tip (op 6); the rest are settings of the management screens. */
const PROFILE_TIP: Partial<Record<GroupEditKey, (v: unknown) => Record<string, unknown>>> = {
  groupName: (v) => ({ groupName: v }),
  groupAvatar: (v) => ({ groupAvatar: v }),
  groupNotice: (v) => ({ groupNotice: v }),
  bannedSwitch: (v) => ({ muteAllMembers: v === 1 }),
}

/**
 * Sets one group field. Profile changes (name, avatar, notice, mute-all) write a tip into the
 * history; every change tells the members (type 5) so open panels refresh. Returns false when
 * the value was already set (nothing written).
 */
export async function setGroupField(
  q: Queryable,
  fx: GroupEffects,
  access: Member,
  key: GroupEditKey | 'groupWelcomeMsg' | 'limitLevel',
  value: string | number,
): Promise<boolean> {
  const column = COLUMN[key]
  const { rowCount } = await q.query(`UPDATE groups SET ${column} = $2 WHERE group_id = $1 AND ${column} IS DISTINCT FROM $2`, [
    access.group.group_id,
    value,
  ])
  if (rowCount === 0) return false
  const tip = PROFILE_TIP[key as GroupEditKey]
  if (tip) await writeTip(q, fx, access, access.self.wt_id, TipOp.Profile, { ids: [], nicks: [] }, { newGroupProfile: tip(value) })
  fx.changes.push({ groupId: access.group.group_id, groupNumber: access.group.group_number, extra: [] })
  return true
}

/** The one key of an `edit` body (the schema guarantees exactly one). */
export function editedField(body: GroupEditBody): { key: GroupEditKey; value: string | number } {
  const key = GroupEditKeys.find((k) => body[k] !== undefined)!
  return { key, value: body[key]! }
}
