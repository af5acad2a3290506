// The part of types/group.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/group.ts re-exports all of it).

/** Chat group names: at most 16 characters in the chat dialogs (spec section 9). */
export const GROUP_NAME_MAX = 16
/** Notice in the create form and the chat screen's notice editor. */
export const GROUP_NOTICE_MAX = 3000
/** Notice as edited in the group info side panel (`edit {groupNotice}`). */
export const GROUP_NOTICE_PANEL_MAX = 150
export const GROUP_WELCOME_MAX = 200
/** Own group nickname and group remark. */
export const GROUP_NICKNAME_MAX = 15
export const GROUP_ADMIN_MAX = 20
export const JOIN_LEVEL_MIN = 1
export const JOIN_LEVEL_MAX = 200
export const APPLY_MESSAGE_MAX = 100
/** Member lists: the chat's page, the side panel's and select-member panel's fetch, and the cap. */
export const GROUP_MEMBER_PAGE_SIZE = 30
export const GROUP_MEMBER_FETCH_COUNT = 100

/** The query key of a group link: /messages?joinGroup={number} opens the group's card (joinType 1). */
export const GROUP_LINK_QUERY = 'joinGroup'

/** What a group's QR code encodes: an https link of the app that a phone camera can open. */
export const groupLink = (origin: string, groupNumber: string) => `${origin}/messages?${GROUP_LINK_QUERY}=${groupNumber}`
export const GROUP_MEMBER_PAGE_MAX = 100
export const GROUP_NOTICE_LIST_PAGE_SIZE = 20
/** Largest muteTime of admin/batchMuted, in seconds (30 days). */
export const MUTE_TIME_MAX = 30 * 24 * 3600
export const INVITE_BATCH_MAX = 500

export const GroupIdentity = { Member: 1, Admin: 2, Owner: 3 } as const
export type GroupIdentity = (typeof GroupIdentity)[keyof typeof GroupIdentity]

/** Leave codes of group tips: removed by an admin, dissolved, left. */
export const LeaveCode = { Removed: 4, Dissolved: 5, Left: 8 } as const
export type LeaveCode = (typeof LeaveCode)[keyof typeof LeaveCode]

/** The banner and notice texts of each leave code (spec section 8 "Translation texts"). */
export const LEAVE_TEXT: Record<LeaveCode, string> = {
  [LeaveCode.Removed]: '您已被管理员移出群聊',
  [LeaveCode.Dissolved]: '该群聊已被解散',
  [LeaveCode.Left]: '您已退出该群聊',
}
export const MUTED_BY_ADMIN_TEXT = '您已被管理员禁言'

/** Group tip operation types (spec section 4): 1 join, 2 quit, 3 kicked, 4/5 admin, 6 profile, 7 mute. */
export const TipOp = { Join: 1, Quit: 2, Kicked: 3, SetAdmin: 4, RemoveAdmin: 5, Profile: 6, Mute: 7 } as const
export type TipOp = (typeof TipOp)[keyof typeof TipOp]

/**
 * inviteSwitch (members inviting) and confirminviteSwitch (strangers applying): 0 auto pass,
 * 1 admin approval, 2 off (spec section 3).
 */
export const SwitchValue = { AutoPass: 0, Approval: 1, Off: 2 } as const
export type SwitchValue = (typeof SwitchValue)[keyof typeof SwitchValue]

/** The chat SDK's invite options; see inviteOptionOf for the mapping from switch values. */
export const InviteOption = { DisableInvite: 0, NeedPermission: 1, FreeAccess: 2 } as const
export type InviteOption = (typeof InviteOption)[keyof typeof InviteOption]

export function inviteOptionOf(switchValue: number): InviteOption {
  if (switchValue === SwitchValue.AutoPass) return InviteOption.FreeAccess
  if (switchValue === SwitchValue.Approval) return InviteOption.NeedPermission
  return InviteOption.DisableInvite
}

/** Join modes shown in the notice lists, derived from confirminviteSwitch. */
export const JoinMode = { Free: 'free', Approval: 'approval', Disallowed: 'disallowed' } as const
export type JoinMode = (typeof JoinMode)[keyof typeof JoinMode]
export const JOIN_MODE_LABEL: Record<JoinMode, string> = { free: '自由加入', approval: '需要审批', disallowed: '禁止加入' }

export function joinModeOf(confirminviteSwitch: number): JoinMode {
  if (confirminviteSwitch === SwitchValue.AutoPass) return JoinMode.Free
  if (confirminviteSwitch === SwitchValue.Approval) return JoinMode.Approval
  return JoinMode.Disallowed
}

/** How a member joined: 1 scan, 2 invite, 3 search group ID. */
export const JoinType = { Scan: 1, Invite: 2, Search: 3 } as const
export type JoinType = (typeof JoinType)[keyof typeof JoinType]

export const GroupType = { Work: 'Work', Public: 'Public', Meeting: 'Meeting', AVChatRoom: 'AVChatRoom', Community: 'Community' } as const
export type GroupType = (typeof GroupType)[keyof typeof GroupType]

export interface GroupTypeInfo {
  type: GroupType
  /** Icon key; the client maps it to an image. */
  icon: string
  label: string
  description: string
  maxMembers: number
  /** Switches a new group of this type starts with. */
  inviteSwitch: SwitchValue
  confirminviteSwitch: SwitchValue
}

/** Group types of spec section 3, each with icon, label, type and description. */
export const GROUP_TYPES: readonly GroupTypeInfo[] = [
  { type: 'Work', icon: 'group-work', label: '工作群', description: '好友工作群，成员可邀请好友加入', maxMembers: 2000, inviteSwitch: 0, confirminviteSwitch: 1 },
  { type: 'Public', icon: 'group-public', label: '陌生人社交群', description: '可搜索群号申请加入，需群主或管理员审批', maxMembers: 2000, inviteSwitch: 1, confirminviteSwitch: 1 },
  { type: 'Meeting', icon: 'group-meeting', label: '临时会议群', description: '适合临时会议，成员可自由加入和退出', maxMembers: 6000, inviteSwitch: 0, confirminviteSwitch: 0 },
  { type: 'AVChatRoom', icon: 'group-live', label: '直播群', description: '音视频聊天室，适合直播互动', maxMembers: 100000, inviteSwitch: 0, confirminviteSwitch: 0 },
  { type: 'Community', icon: 'group-community', label: '社群', description: '超大社群，最多可容纳100000人', maxMembers: 100000, inviteSwitch: 1, confirminviteSwitch: 1 },
]

/** Messages of the rules (spec sections 5 and 8). */
export const GroupText = {
  NameEmpty: '群名称不能为空',
  NameRequired: '请输入群名称',
  NameTooLong: `群名称不能超过${GROUP_NAME_MAX}个字`,
  NoticeTooLong: `群公告不能超过${GROUP_NOTICE_MAX}个字`,
  NoticePanelTooLong: `群公告字数超出限制，最大长度为${GROUP_NOTICE_PANEL_MAX}`,
  NoNotice: '暂无群公告',
  WelcomeTooLong: `入群欢迎语不能超过${GROUP_WELCOME_MAX}个字`,
  NicknameTooLong: `不能超过${GROUP_NICKNAME_MAX}个字`,
  LevelNotNumber: '请输入数字',
  LevelRange: `请输入${JOIN_LEVEL_MIN}-${JOIN_LEVEL_MAX}之间的整数`,
  LevelRequired: '请输入等级限制',
  AdminCap: `管理员最多${GROUP_ADMIN_MAX}人`,
  TransferTitle: '转让群主',
  TransferConfirm: '确定后该成员将成为新群主，你将立即失去群主身份，且不可撤销',
  TransferDone: '转让成功',
  AllMuted: '全员禁言中',
  Muted: '您已被禁言',
  NotMember: '你不是该群成员',
  NoPermission: '当前操作没有权限',
  GroupNotFound: '群聊不存在',
  Dissolved: '该群聊已被解散',
  AlreadyMember: '你已在该群聊中',
  JoinDisallowed: '该群禁止加入',
  LevelTooLow: '等级不足，无法加入该群',
  Blacklisted: '你已被该群拉黑，无法加入',
  ApplySent: '申请已发送',
  Joined: '已加入群聊',
  OwnerCannotQuit: '群主不能退出群聊，请先转让群主或解散群聊',
  GroupFull: '群成员已满',
  MemberListFailed: '加载群成员列表失败，请稍后重试！',
  Modified: '修改成功',
  ModifyFailed: '修改失败，请重试',
  NoSearchResult: '暂无搜索结果',
  UserNotFound: '该用户不存在',
} as const

/**
 * Group calls answer HTTP-style codes: 400 bad input (msg names the rule), 403 the caller's
 * role may not do this, 404 no such group (or dissolved), 409 state conflict (already a
 * member, admin cap reached, application already handled). Sends answer 10017 under mute.
 */
export const GroupError = { BadRequest: 400, Forbidden: 403, NotFound: 404, Conflict: 409, Muted: 10017 } as const

export const HandleAction = { Agree: 'Agree', Reject: 'Reject' } as const
export type HandleAction = (typeof HandleAction)[keyof typeof HandleAction]

/** The keys `edit` accepts; exactly one per call. */
export const GroupEditKeys = ['groupName', 'groupAvatar', 'groupNotice', 'inviteSwitch', 'confirminviteSwitch', 'memberProtectSwitch', 'bannedSwitch', 'groupType'] as const
export type GroupEditKey = (typeof GroupEditKeys)[number]

export const NoticeListKind = { JoinApply: 'joinApply', MyApply: 'myApply', Others: 'others' } as const
export type NoticeListKind = (typeof NoticeListKind)[keyof typeof NoticeListKind]

export const ApplyStatus = { Pending: 0, Agreed: 1, Rejected: 2 } as const
export type ApplyStatus = (typeof ApplyStatus)[keyof typeof ApplyStatus]

export const OtherNoticeKind = { Removed: 'removed', Dissolved: 'dissolved', SetAdmin: 'setAdmin', RemoveAdmin: 'removeAdmin', Owner: 'owner', Invited: 'invited', Muted: 'muted' } as const
export type OtherNoticeKind = (typeof OtherNoticeKind)[keyof typeof OtherNoticeKind]
