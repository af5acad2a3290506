import { GroupIdentity } from '@shared/group'

/**
 * Which group actions a role sees (spec section 6 "Group roles"). The server checks every one of
 * them again; these rules only decide what the screens offer.
 */

/** Invite switch values (spec 3 "Group"): 0 auto pass, 1 admin approval, 2 off. */
export const InviteSwitch = { AutoPass: 0, NeedApproval: 1, Off: 2 } as const
export type InviteSwitch = (typeof InviteSwitch)[keyof typeof InviteSwitch]

export const isOwner = (identity: number) => identity === GroupIdentity.Owner
/** Owner or admin: what the spec calls the non-Member roles. */
export const isManager = (identity: number) => identity === GroupIdentity.Owner || identity === GroupIdentity.Admin

export interface GroupPanelAbilities {
  /** Name, avatar, notice and settings are editable. */
  editProfile: boolean
  /** The 群管理 entry. */
  openManage: boolean
  /** 'group admins' and 'transfer owner' inside management. */
  manageAdmins: boolean
  transfer: boolean
  /** The invite slot of the member preview. */
  invite: boolean
  /** The remove slot of the member preview. */
  remove: boolean
  /** 解散群聊 (owner) instead of 删除并退出 (everyone else). */
  dissolve: boolean
  /** See the info of other members (join type, inviter, times). */
  viewMemberInfo: boolean
}

/** What the group info panel offers to someone of this identity. */
export function panelAbilities(identity: number, inviteSwitch: number): GroupPanelAbilities {
  const manager = isManager(identity)
  const owner = isOwner(identity)
  return {
    editProfile: manager,
    openManage: manager,
    manageAdmins: owner,
    transfer: owner,
    invite: owner || manager || inviteSwitch !== InviteSwitch.Off,
    remove: manager,
    dissolve: owner,
    viewMemberInfo: manager,
  }
}

export interface MemberAbilities {
  mute: boolean
  remove: boolean
  /** Make admin, or take the role back when the member is one. */
  setAdmin: boolean
  blacklist: boolean
}

const NONE: MemberAbilities = { mute: false, remove: false, setAdmin: false, blacklist: false }

/**
 * What the viewer may do to another member from the member's profile popup: the owner removes and
 * blacklists anyone and appoints admins; admins remove and mute ordinary members only. Nobody acts
 * on themselves.
 */
export function memberAbilities(viewer: { wtId: string; identity: number }, target: { wtId: string; identity: number }): MemberAbilities {
  if (viewer.wtId === target.wtId || isOwner(target.identity)) return NONE
  if (isOwner(viewer.identity)) return { mute: target.identity === GroupIdentity.Member, remove: true, setAdmin: true, blacklist: true }
  if (viewer.identity === GroupIdentity.Admin && target.identity === GroupIdentity.Member) {
    return { mute: true, remove: true, setAdmin: false, blacklist: true }
  }
  return NONE
}

/** The label beside a member's name: 群主 for identity 3, 管理员 for any other non-member identity. */
export function roleLabel(identity: number): string {
  if (identity === GroupIdentity.Owner) return '群主'
  if (identity !== GroupIdentity.Member) return '管理员'
  return ''
}

/** Whether someone may speak now: mute-all leaves only owner and admins; muteUntil is per member (unix seconds). */
export function speakState(identity: number, muteUntil: number, muteAll: boolean, nowSeconds: number): 'ok' | 'muted' | 'allMuted' {
  if (isManager(identity)) return 'ok'
  if (muteAll) return 'allMuted'
  if (muteUntil > nowSeconds) return 'muted'
  return 'ok'
}

/**
 * How long a member's mute still runs, as the blocked input shows it: whole minutes rounded up
 * (a mute never reads 0 分钟 while it lasts), then hours and days for longer ones.
 */
export function muteLeftText(muteUntil: number, nowSeconds: number): string {
  const minutes = Math.max(1, Math.ceil((muteUntil - nowSeconds) / 60))
  if (minutes < 60) return `${minutes} 分钟`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} 小时 ${minutes % 60} 分钟` : `${hours} 小时`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} 天 ${hours % 24} 小时` : `${days} 天`
}
