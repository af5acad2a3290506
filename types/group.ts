import { z } from 'zod'
import { GROUP_MEMBER_PAGE_MAX, GROUP_NOTICE_LIST_PAGE_SIZE, GROUP_MEMBER_PAGE_SIZE, INVITE_BATCH_MAX, GroupText, GROUP_NAME_MAX, GROUP_NOTICE_MAX, GROUP_NOTICE_PANEL_MAX, GroupIdentity, APPLY_MESSAGE_MAX, GROUP_NICKNAME_MAX, GROUP_ADMIN_MAX, MUTE_TIME_MAX, GroupEditKeys, GROUP_WELCOME_MAX, JOIN_LEVEL_MIN, JOIN_LEVEL_MAX, JoinType, GroupType, SwitchValue, JoinMode, ApplyStatus, OtherNoticeKind } from './plain/group'

/**
 * Groups: creation, reading, members, admins, muting, join rules, applications, notices
 * (spec sections 3 "Group", 5, 6 "Group roles", 7 "Groups"). Every body of
 * /api/user/groupchat/* and /api/user/groupNotice/* is a schema here; docs/groups-api.md
 * says who may call each path and what it answers.
 */

export * from './plain/group'

const wtId = z.string().regex(/^\d{5,12}$/, '用户ID格式不正确')
export const GroupNumber = z.string().trim().regex(/^\d{5,12}$/, '群号格式不正确')
const page = {
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(GROUP_MEMBER_PAGE_MAX).default(GROUP_NOTICE_LIST_PAGE_SIZE),
}
const memberPage = {
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(GROUP_MEMBER_PAGE_MAX).default(GROUP_MEMBER_PAGE_SIZE),
  /** Substring of user ID, nickname or group nickname (spec 5 "Member list"). */
  keyword: z.string().trim().max(32).default(''),
}
const wtIds = z.array(wtId).min(1, '请选择群成员').max(INVITE_BATCH_MAX)

export const GroupNameField = z.string().trim().min(1, GroupText.NameEmpty).max(GROUP_NAME_MAX, GroupText.NameTooLong)
export const GroupNoticeField = z.string().max(GROUP_NOTICE_MAX, GroupText.NoticeTooLong)
export const GroupNoticePanelField = z.string().max(GROUP_NOTICE_PANEL_MAX, GroupText.NoticePanelTooLong)
const switchField = z.union([z.literal(0), z.literal(1), z.literal(2)])

export const GroupCreateBody = z.object({
  groupName: z.string().trim().min(1, GroupText.NameRequired).max(GROUP_NAME_MAX, GroupText.NameTooLong),
  groupNotice: GroupNoticeField.default(''),
  groupAvatar: z.string().max(2048).default(''),
  wtIds: z.array(z.string().regex(/^\d{5,12}$/)).min(1, '请选择群成员').max(499),
  groupType: z.enum(['Work', 'Public', 'Meeting', 'AVChatRoom', 'Community']).optional(),
})
export type GroupCreateBody = z.infer<typeof GroupCreateBody>

export const GroupCreateResult = z.object({ txGroupid: z.string(), groupNumber: z.string() })
export type GroupCreateResult = z.infer<typeof GroupCreateResult>

export const GroupListItem = z.object({
  groupID: z.string(),
  txGroupid: z.string(),
  groupNumber: z.string(),
  groupName: z.string(),
  groupAvatar: z.string(),
  groupNotice: z.string(),
  groupMemberCount: z.number().int(),
  identity: z.enum(GroupIdentity),
})
export type GroupListItem = z.infer<typeof GroupListItem>

/** {groupNumber}: getInfoById, getCardInfoById, info, member/count, member/quit, remove, memberBlack/list... */
export const GroupNumberBody = z.object({ groupNumber: GroupNumber })
export type GroupNumberBody = z.infer<typeof GroupNumberBody>

export const ListByNameBody = z.object({ groupNickname: z.string().trim().max(32).default('') })
export type ListByNameBody = z.infer<typeof ListByNameBody>

export const MemberListBody = z.object({ groupNumber: GroupNumber, ...memberPage })
export type MemberListBody = z.infer<typeof MemberListBody>

export const MemberOneBody = z.object({ groupNumber: GroupNumber, wtId })
export type MemberOneBody = z.infer<typeof MemberOneBody>

export const MembersBody = z.object({ groupNumber: GroupNumber, wtIds })
export type MembersBody = z.infer<typeof MembersBody>

export const ActiveJoinBody = z.object({
  groupNumber: GroupNumber,
  joinType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(3),
  applyMessage: z.string().trim().max(APPLY_MESSAGE_MAX).default(''),
})
export type ActiveJoinBody = z.infer<typeof ActiveJoinBody>
const handleAction = z.enum(['Agree', 'Reject'])

/** member/audit: handle one application by its id (the notice list and the drawer). */
export const AuditBody = z.object({ applyId: z.coerce.number().int().min(1), handleAction })
export type AuditBody = z.infer<typeof AuditBody>

/** member/joinVerify: handle the pending application of one applicant (chat engine's group application). */
export const JoinVerifyBody = z.object({ groupNumber: GroupNumber, wtId, handleAction })
export type JoinVerifyBody = z.infer<typeof JoinVerifyBody>

/** Pin values of group conversations: 1 pin, 2 unpin (spec 4 "Conversations"). */
export const SetTopBody = z.object({ groupNumber: GroupNumber, topStatus: z.union([z.literal(1), z.literal(2)]) })
export type SetTopBody = z.infer<typeof SetTopBody>

/** Own nickname and remark in the group; send one or both; '' clears. */
export const EditSelfBody = z
  .object({
    groupNumber: GroupNumber,
    groupNickname: z.string().trim().max(GROUP_NICKNAME_MAX, `群昵称${GroupText.NicknameTooLong}`).optional(),
    groupNameRemark: z.string().trim().max(GROUP_NICKNAME_MAX, `群备注${GroupText.NicknameTooLong}`).optional(),
  })
  .refine((b) => b.groupNickname !== undefined || b.groupNameRemark !== undefined, { message: '请输入群昵称或群备注' })
export type EditSelfBody = z.infer<typeof EditSelfBody>

/** identity 2 makes the listed members admins, 1 makes them members again. */
export const AdminSetBody = z.object({ groupNumber: GroupNumber, wtIds: z.array(wtId).min(1).max(GROUP_ADMIN_MAX), identity: z.union([z.literal(1), z.literal(2)]) })
export type AdminSetBody = z.infer<typeof AdminSetBody>

export const TransferBody = z.object({ groupNumber: GroupNumber, wtId })
export type TransferBody = z.infer<typeof TransferBody>

export const PagedGroupBody = z.object({ groupNumber: GroupNumber, ...page })
export type PagedGroupBody = z.infer<typeof PagedGroupBody>

/** muteTime in seconds from now; 0 lifts the mute. */
export const BatchMuteBody = z.object({ groupNumber: GroupNumber, wtIds, muteTime: z.coerce.number().int().min(0).max(MUTE_TIME_MAX) })
export type BatchMuteBody = z.infer<typeof BatchMuteBody>

export const GroupEditFields = z.object({
  groupName: GroupNameField.optional(),
  groupAvatar: z.string().max(2048).optional(),
  groupNotice: GroupNoticePanelField.optional(),
  inviteSwitch: switchField.optional(),
  confirminviteSwitch: switchField.optional(),
  memberProtectSwitch: z.union([z.literal(0), z.literal(1)]).optional(),
  bannedSwitch: z.union([z.literal(0), z.literal(1)]).optional(),
  groupType: z.enum(['Work', 'Public', 'Meeting', 'AVChatRoom', 'Community']).optional(),
})
export const GroupEditBody = GroupEditFields.extend({ groupNumber: GroupNumber }).refine(
  (b) => GroupEditKeys.filter((k) => b[k] !== undefined).length === 1,
  { message: '每次只能修改一项群资料' },
)
export type GroupEditBody = z.infer<typeof GroupEditBody>

/** The chat screen's notice editor: up to 3000 characters (the side panel's edit allows 150). */
export const SetNoticeBody = z.object({ groupNumber: GroupNumber, groupNotice: GroupNoticeField })
export type SetNoticeBody = z.infer<typeof SetNoticeBody>

export const WelcomeBody = z.object({ groupNumber: GroupNumber, groupWelcomeMsg: z.string().trim().max(GROUP_WELCOME_MAX, GroupText.WelcomeTooLong) })
export type WelcomeBody = z.infer<typeof WelcomeBody>

/** limitLevel: 0 turns the limit off, otherwise an integer 1-200. */
export const JoinLimitBody = z.object({
  groupNumber: GroupNumber,
  limitLevel: z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || v === '') {
      ctx.addIssue({ code: 'custom', message: GroupText.LevelRequired })
      return z.NEVER
    }
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN
    if (Number.isNaN(n)) {
      ctx.addIssue({ code: 'custom', message: GroupText.LevelNotNumber })
      return z.NEVER
    }
    if (n !== 0 && (!Number.isInteger(n) || n < JOIN_LEVEL_MIN || n > JOIN_LEVEL_MAX)) {
      ctx.addIssue({ code: 'custom', message: GroupText.LevelRange })
      return z.NEVER
    }
    return n
  }),
})
export type JoinLimitBody = z.infer<typeof JoinLimitBody>

/** admin/withdrawMsg: revoke one message of userWtId by its sequence. */
export const WithdrawOneBody = z.object({ groupNumber: GroupNumber, userWtId: wtId, msgSeq: z.coerce.number().int().min(1) })
export type WithdrawOneBody = z.infer<typeof WithdrawOneBody>

/** admin/withdrawWebMsgByUser: revoke every message of userWtId up to lastMessageSequence. */
export const WithdrawByUserBody = z.object({ groupNumber: GroupNumber, userWtId: wtId, lastMessageSequence: z.coerce.number().int().min(1) })
export type WithdrawByUserBody = z.infer<typeof WithdrawByUserBody>

/** member/position/*: candidate lists of the management screens. */
export const CandidateListBody = MemberListBody
export type CandidateListBody = MemberListBody

/** /api/user/groupNotice/*List. */
export const NoticeListBody = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(GROUP_NOTICE_LIST_PAGE_SIZE),
})
export type NoticeListBody = z.infer<typeof NoticeListBody>

/** joinApplyList: groupNumber (optional) keeps one group's applications, for its drawer. */
export const JoinApplyListBody = NoticeListBody.extend({ groupNumber: GroupNumber.optional() })
export type JoinApplyListBody = z.infer<typeof JoinApplyListBody>
/** /api/user/groupNotice/read: opening a list marks it read. */
export const NoticeReadBody = z.object({ list: z.enum(['joinApply', 'myApply', 'others']) })
export type NoticeReadBody = z.infer<typeof NoticeReadBody>

// ---- Answers ----

const unixSeconds = z.number().int()

export const GroupSelfMember = z.object({
  userId: z.string(),
  identity: z.enum(GroupIdentity),
  groupNickname: z.string(),
  groupNameRemark: z.string(),
  /** Unix seconds; 0 when not muted. */
  muteUntil: unixSeconds,
  /** 1 pinned, 2 not pinned. */
  topStatus: z.literal([1, 2]),
})
export type GroupSelfMember = z.infer<typeof GroupSelfMember>

export const GroupMember = z.object({
  userId: z.string(),
  userID: z.string(),
  wtId: z.string(),
  nickname: z.string(),
  groupNickname: z.string(),
  avatar: z.string(),
  identity: z.enum(GroupIdentity),
  /** Position label: '群主', '管理员' or ''. */
  position: z.string(),
  /** Unix seconds; 0 when not muted. */
  muteUntil: unixSeconds,
  joinType: z.enum(JoinType),
  /** Join time, unix seconds. */
  createTime: unixSeconds,
})
export type GroupMember = z.infer<typeof GroupMember>

/** The group as a member sees it, without its member list (the `info` answer's groupchatVo). */
export const GroupProfile = z.object({
  groupID: z.string(),
  txGroupid: z.string(),
  groupNumber: z.string(),
  groupName: z.string(),
  groupNameRemark: z.string(),
  groupNickname: z.string(),
  groupAvatar: z.string(),
  /** Text the client renders as the group's QR code: the group link (joins with joinType 1). */
  qrcode: z.string(),
  groupNotice: z.string(),
  groupWelcomeMsg: z.string(),
  groupType: z.enum(GroupType),
  limitLevel: z.number().int(),
  inviteSwitch: z.enum(SwitchValue),
  confirminviteSwitch: z.enum(SwitchValue),
  memberProtectSwitch: z.literal([0, 1]),
  bannedSwitch: z.literal([0, 1]),
  joinMode: z.enum(JoinMode),
  groupMemberCount: z.number().int(),
  adminCount: z.number().int(),
  ownerWtId: z.string(),
  createTime: unixSeconds,
  selfInfo: z.object({ role: z.enum(['Member', 'Admin', 'Owner']) }),
})

/** getInfoById: the whole group as a member sees it. */
export const GroupInfo = GroupProfile.extend({
  selfMember: GroupSelfMember,
  /** The first page of members (owner and admins first), at most GROUP_MEMBER_FETCH_COUNT. */
  groupchatMemberList: z.array(GroupMember),
})
export type GroupInfo = z.infer<typeof GroupInfo>

/** The `info` answer's data (spec: data.code 200, data.data with groupNotice, selfMember, groupchatVo). */
export const GroupInfoAnswer = z.object({
  groupNotice: z.string(),
  selfMember: GroupSelfMember,
  groupchatVo: GroupProfile,
})
export type GroupInfoAnswer = z.infer<typeof GroupInfoAnswer>

/** getCardInfoById: what anyone (also a non-member) sees before joining. */
export const GroupCard = z.object({
  groupID: z.string(),
  groupNumber: z.string(),
  groupName: z.string(),
  groupAvatar: z.string(),
  /** Without an uploaded avatar: up to 9 members' avatars for the mosaic. */
  memberAvatars: z.array(z.string()).max(9).optional(),
  groupType: z.enum(GroupType),
  groupMemberCount: z.number().int(),
  joinMode: z.enum(JoinMode),
  limitLevel: z.number().int(),
  isMember: z.boolean(),
  /** 'pending' when the caller has an application waiting. */
  applyStatus: z.enum(['none', 'pending']),
})
export type GroupCard = z.infer<typeof GroupCard>

/** member/oneInfo: member details; joinType/inviter/times are given to admins, the owner and oneself only (0/'' otherwise). */
export const GroupMemberDetail = GroupMember.extend({
  /** 0 for callers who may not see how the member joined. */
  joinType: z.union([z.enum(JoinType), z.literal(0)]),
  lastSendMsgTime: unixSeconds,
  inviterUserName: z.string(),
  inviterWtId: z.string(),
  /** The group's member protection: 1 stops ordinary members adding each other as friends from the group. */
  memberProtectSwitch: z.literal([0, 1]),
  /** false when the caller may not add this member as a friend from the group. */
  canAddFriend: z.boolean(),
})
export type GroupMemberDetail = z.infer<typeof GroupMemberDetail>

export const GroupMemberCount = z.object({ groupNumber: z.string(), count: z.number().int() })
export type GroupMemberCount = z.infer<typeof GroupMemberCount>

/** Answers of member/batchInvite and member/activeJoin. */
export const JoinResult = z.object({
  /** Joined at once. */
  joined: z.array(z.string()),
  /** An application was created and waits for an admin. */
  pending: z.array(z.string()),
  /** Already members, blacklisted or unknown accounts. */
  skipped: z.array(z.string()),
})
export type JoinResult = z.infer<typeof JoinResult>

export const ActiveJoinResult = z.object({ status: z.enum(['joined', 'pending']) })
export type ActiveJoinResult = z.infer<typeof ActiveJoinResult>

/** A row of joinApplyList and myApplyList. */
export const GroupApplication = z.object({
  applyId: z.number().int(),
  groupID: z.string(),
  groupNumber: z.string(),
  groupName: z.string(),
  groupAvatar: z.string(),
  /** Without an uploaded avatar: up to 9 members' avatars for the mosaic. */
  memberAvatars: z.array(z.string()).max(9).optional(),
  /** 0: the applicant applied; otherwise the inviter's user ID (an invite awaiting approval). */
  applicationType: z.union([z.literal(0), z.string()]),
  applicant: z.string(),
  applicantNickName: z.string(),
  applicantAvatar: z.string(),
  inviterNickName: z.string(),
  applyMessage: z.string(),
  joinType: z.enum(JoinType),
  applyStatus: z.enum(ApplyStatus),
  handlerNickName: z.string(),
  createTime: unixSeconds,
  handleTime: unixSeconds,
})
export type GroupApplication = z.infer<typeof GroupApplication>

/** A row of othersList: something a group did to the reader. */
export const GroupOtherNotice = z.object({
  id: z.number().int(),
  kind: z.enum(OtherNoticeKind),
  groupNumber: z.string(),
  groupName: z.string(),
  groupAvatar: z.string(),
  /** Without an uploaded avatar: up to 9 members' avatars for the mosaic. */
  memberAvatars: z.array(z.string()).max(9).optional(),
  operatorWtId: z.string(),
  operatorNickName: z.string(),
  /** The sentence shown, e.g. '您已被管理员移出群聊'. */
  content: z.string(),
  createTime: unixSeconds,
})
export type GroupOtherNotice = z.infer<typeof GroupOtherNotice>

/** Also the payload of socket type 4. */
export const GroupUnreadCounts = z.object({
  joinApplyUnRead: z.number().int().nonnegative(),
  otherUnRead: z.number().int().nonnegative(),
  selfApplyUnRead: z.number().int().nonnegative(),
})
export type GroupUnreadCounts = z.infer<typeof GroupUnreadCounts>

/** Answers of admin/withdrawMsg and admin/withdrawWebMsgByUser. */
export const WithdrawResult = z.object({
  groupNumber: z.string(),
  withdrawUserWtId: z.string(),
  /** Sequences marked revoked by this call. */
  sequences: z.array(z.number().int()),
  lastMessageSequence: z.number().int(),
})
export type WithdrawResult = z.infer<typeof WithdrawResult>

/** A row of memberBlack/list. */
export const GroupBlackEntry = z.object({
  userId: z.string(),
  userID: z.string(),
  wtId: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  operatorWtId: z.string(),
  createTime: unixSeconds,
})
export type GroupBlackEntry = z.infer<typeof GroupBlackEntry>
