import { z } from 'zod'

/**
 * Contacts: friends, friend applications, remarks, moments permissions, the blacklist and tags
 * (spec sections 3, 4 "Friends", 5, 7 "Login and user" and "Friends and tags", 9).
 */

/** Friend request reason, in characters (spec section 9). */
export const FRIEND_REASON_MAX = 15
/** Friend remark, in characters. */
export const FRIEND_REMARK_MAX = 16
/** Tag name, in characters. */
export const TAG_NAME_MAX = 15
/** Conversation (contact) remark in the conversation's customData, in UTF-8 bytes, not characters. */
export const CONTACT_REMARK_MAX_BYTES = 96
/** The profile id of a deleted account; its profile answers actionStatus 1. */
export const NOT_FOUND_PROFILE_ID = '@TLS#NOT_FOUND'
/** Most tags one user may own, and most users one call may add to a tag. */
export const TAG_COUNT_MAX = 100
export const TAG_BATCH_MAX = 500

/** Texts of spec section 8 that belong to contacts. */
export const ContactText = {
  ApplySent: '申请已发送',
  NewApplication: '你有新的好友申请',
  BlackAdded: '已拉黑对方',
  BlackRemoved: '取消拉黑成功',
  FriendDeleted: '删除好友成功',
  UpdateOk: '修改成功',
  UpdateFailed: '修改失败，请重试',
  ProfileRemarkFailed: '修改备注失败，请重试',
  TagFailed: '修改标签失败，请重试',
  ContactRemarkTooLong: `修改备注失败: 备注长度不得超过 ${CONTACT_REMARK_MAX_BYTES} 字节`,
} as const

/** Refusals of the contacts endpoints: `code` is the answer's code (and HTTP status), `msg` its text. */
export const ContactError = {
  ApplySelf: { code: 400, msg: '不能添加自己为好友' },
  BlackSelf: { code: 400, msg: '不能拉黑自己' },
  ContactRemarkTooLong: { code: 400, msg: ContactText.ContactRemarkTooLong },
  /** Pin or mute of a C2C conversation whose peer is not a two-way friend (spec 4 "Conversations"). */
  NotFriendConversation: { code: 403, msg: '非好友会话不能置顶或免打扰' },
  NotFriend: { code: 403, msg: '对方不是你的好友' },
  BlockedByPeer: { code: 403, msg: '对方已将你拉黑，无法添加好友' },
  MemberProtected: { code: 403, msg: '该群已开启成员保护，不能通过群聊添加好友' },
  NotInGroup: { code: 403, msg: '你们不在同一个群聊中' },
  UserNotFound: { code: 404, msg: '用户不存在' },
  ApplicationNotFound: { code: 404, msg: '好友申请不存在或已处理' },
  TagNotFound: { code: 404, msg: '标签不存在' },
  AlreadyFriend: { code: 409, msg: '对方已是你的好友' },
  TagExists: { code: 409, msg: '标签名称已存在' },
  TooManyTags: { code: 409, msg: `最多创建${TAG_COUNT_MAX}个标签` },
  /** The peer's account is deleted (the send error code of spec section 8). */
  Deactivated: { code: 20003, msg: '对方账号已注销' },
} as const

/** How the applicant found the user (spec section 3 "Profile"). */
export const ApplySource = { SearchId: 1, SearchPhone: 2, Scan: 3, ShareCard: 4, Group: 5 } as const
export type ApplySource = (typeof ApplySource)[keyof typeof ApplySource]

export const ApplyStatus = { Pending: 0, Agreed: 1, Rejected: 2 } as const
export type ApplyStatus = (typeof ApplyStatus)[keyof typeof ApplyStatus]

export const HandleStatus = { Agree: 1, Reject: 2 } as const
export type HandleStatus = (typeof HandleStatus)[keyof typeof HandleStatus]

/** friendsStatus of a profile: 0 is a two-way friend. */
export const FriendsStatus = { Friend: 0, NotFriend: 1 } as const
export type FriendsStatus = (typeof FriendsStatus)[keyof typeof FriendsStatus]

/** ownerBlackStatus: whether I have blacklisted the user. */
export const BlackStatus = { No: 0, Yes: 1 } as const
export type BlackStatus = (typeof BlackStatus)[keyof typeof BlackStatus]

/** actionStatus: 1 is a deleted account. */
export const ActionStatus = { Active: 0, Deleted: 1 } as const
export type ActionStatus = (typeof ActionStatus)[keyof typeof ActionStatus]

/**
 * Moments permissions between two friends. friendsSpaceStatus: whether I see the friend's
 * moments; mineSpaceStatus: whether the friend sees mine. 0 shown, 1 hidden.
 */
export const SpaceStatus = { Shown: 0, Hidden: 1 } as const
export type SpaceStatus = (typeof SpaceStatus)[keyof typeof SpaceStatus]

/** The contacts custom messages of spec section 3, sent into the C2C chat. */
export const ContactCustomMsg = {
  AddFriend: 'CustomMsg_Type_addFriend',
  AddBlack: 'CustomMsg_Type_addBlack',
  DeleteFriend: 'CustomMsg_Type_deleteFriend',
} as const
export type ContactCustomMsg = (typeof ContactCustomMsg)[keyof typeof ContactCustomMsg]

/** The summary text stored with each contacts custom message (its `description`). */
export const CONTACT_CUSTOM_MSG_TEXT: Record<ContactCustomMsg, string> = {
  CustomMsg_Type_addFriend: '我们已经是好友了，现在可以开始聊天了',
  CustomMsg_Type_addBlack: '对方已被你拉黑',
  CustomMsg_Type_deleteFriend: '对方已不是你的好友',
}

/**
 * Whether a message is a contacts custom message only its sender may see: the blacklist notice,
 * which would otherwise tell the blocked person they were blacklisted. The server keeps the same
 * rule in SQL (migration 013, the message is stored visible to its sender alone).
 */
export function isSenderOnlyContactMessage(type: string, payload: Record<string, unknown>): boolean {
  if (type !== 'TIMCustomElem' || typeof payload.data !== 'string' || !payload.data.includes(ContactCustomMsg.AddBlack)) return false
  try {
    const data: unknown = JSON.parse(payload.data)
    return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === ContactCustomMsg.AddBlack
  } catch {
    return false
  }
}

/** Character count as people see it (an emoji is one character). */
export const charCount = (s: string) => [...s].length
/** UTF-8 length: the contact remark limit counts bytes. */
export const utf8Bytes = (s: string) => new TextEncoder().encode(s).length

/** The reason pre-filled when applying from a group, cut to the reason limit. */
export function defaultApplyInfo(nick: string, groupName: string): string {
  return [...`我是群聊“${groupName}”的${nick}`].slice(0, FRIEND_REASON_MAX).join('')
}

/** User IDs are 5-12 digits. */
export const UserId = z.string().trim().regex(/^\d{5,12}$/, '用户ID不正确')
const chars = (max: number, msg: string) => z.string().trim().refine((s) => charCount(s) <= max, msg)
export const FriendRemark = chars(FRIEND_REMARK_MAX, `备注最多${FRIEND_REMARK_MAX}个字`)
export const TagName = chars(TAG_NAME_MAX, `标签名称最多${TAG_NAME_MAX}个字`).refine((s) => s.length > 0, '请输入标签名称')
const TagId = z.coerce.number().int().positive('标签不存在')

// ---- Users ----

/** POST /api/user/friendInfo: a user ID, or NOT_FOUND_PROFILE_ID for a deleted account. */
export const FriendInfoBody = z.object({ searchId: z.string().trim().min(1, '请输入用户ID').max(64) })
export type FriendInfoBody = z.infer<typeof FriendInfoBody>

/** Friend info and profile of one user as the caller sees them (spec section 3 "Friend info", "Profile"). */
export const FriendInfo = z.object({
  wtId: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  bio: z.string(),
  /** My remark for this friend ('' when none or not a friend). */
  remark: z.string(),
  friendsStatus: z.enum(FriendsStatus),
  /** Whether I have blacklisted this user. */
  ownerBlackStatus: z.enum(BlackStatus),
  actionStatus: z.enum(ActionStatus),
  /** How we became friends (or how my pending application found them); 0 when unknown. */
  applySource: z.number().int(),
  commonGroupCount: z.number().int(),
  friendsSpaceStatus: z.enum(SpaceStatus),
  mineSpaceStatus: z.enum(SpaceStatus),
  /** Names of my tags this user carries. */
  tagNameList: z.array(z.string()),
  /** 0 ordinary user, 1 official account. */
  userType: z.number().int(),
  /** Whether I have a pending application to this user. */
  applying: z.boolean(),
  /** Whether this is the caller's own profile (no menu or actions). */
  isSelf: z.boolean(),
})
export type FriendInfo = z.infer<typeof FriendInfo>
/** The answer's data: the spec's client reads data.data. */
export const FriendInfoResult = z.object({ data: FriendInfo })
export type FriendInfoResult = z.infer<typeof FriendInfoResult>

/** POST /api/user/sendCustomMessage; fromWtId must be the caller. */
export const SendCustomMessageBody = z.object({
  fromWtId: UserId,
  toWtId: UserId,
  type: z.enum([ContactCustomMsg.AddFriend, ContactCustomMsg.AddBlack, ContactCustomMsg.DeleteFriend]),
})
export type SendCustomMessageBody = z.infer<typeof SendCustomMessageBody>

// ---- Friends ----

/** POST /api/userFriends/apply. groupID names the group for applySource 5 (member protection). */
export const ApplyBody = z.object({
  applyWtId: UserId,
  applySource: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  applyInfo: chars(FRIEND_REASON_MAX, `申请理由最多${FRIEND_REASON_MAX}个字`).default(''),
  groupID: z.string().trim().regex(/^G\d+$/, '群聊不存在').optional(),
})
export type ApplyBody = z.input<typeof ApplyBody>

export const ApplyHandleBody = z.object({
  applyWtId: UserId,
  handleStatus: z.union([z.literal(HandleStatus.Agree), z.literal(HandleStatus.Reject)]),
})
export type ApplyHandleBody = z.infer<typeof ApplyHandleBody>

/** One application received by the caller (spec section 3 "Friend application"). */
export const FriendApplication = z.object({
  applyWtId: z.string(),
  applyNickName: z.string(),
  applyAvatar: z.string(),
  applyStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  applySource: z.number().int(),
  applyInfo: z.string(),
  /** Unix seconds of the (latest) application. */
  createTime: z.number().int(),
  /** False until the receiver has opened the application list. */
  isRead: z.boolean(),
})
export type FriendApplication = z.infer<typeof FriendApplication>

/** Received applications, newest first, at most this many. */
export const APPLY_LIST_MAX = 200

/** The answer of POST /api/userFriends/applyUnread: unread pending applications (the contacts badge's share). */
export const ApplyUnreadResult = z.object({ count: z.number().int().nonnegative() })
export type ApplyUnreadResult = z.infer<typeof ApplyUnreadResult>

export const FriendUpdateBody = z.object({ friendsWtId: UserId, remark: FriendRemark })
export type FriendUpdateBody = z.infer<typeof FriendUpdateBody>

export const FriendDeleteBody = z.object({ friendsWtId: UserId })
export type FriendDeleteBody = z.infer<typeof FriendDeleteBody>

const Space = z.union([z.literal(SpaceStatus.Shown), z.literal(SpaceStatus.Hidden)])
/** Exactly one of the two flags per call. */
export const SpaceStatusBody = z
  .object({ friendsWtId: UserId, friendsSpaceStatus: Space.optional(), mineSpaceStatus: Space.optional() })
  .refine((b) => (b.friendsSpaceStatus === undefined) !== (b.mineSpaceStatus === undefined), '请指定 friendsSpaceStatus 或 mineSpaceStatus 其中一个')
export type SpaceStatusBody = z.infer<typeof SpaceStatusBody>

export const SpaceStatusResult = z.object({ friendsSpaceStatus: z.enum(SpaceStatus), mineSpaceStatus: z.enum(SpaceStatus) })
export type SpaceStatusResult = z.infer<typeof SpaceStatusResult>

/** One entry of GET /api/userFriends/list (two-way friends only). */
export const FriendListItem = z.object({
  wtId: z.string(),
  nickName: z.string(),
  remark: z.string(),
  avatar: z.string(),
  tagNameList: z.array(z.string()),
  /** 1 when the account is deleted (shown, without actions). */
  actionStatus: z.enum(ActionStatus),
})
export type FriendListItem = z.infer<typeof FriendListItem>

// ---- Blacklist ----

export const BlackBody = z.object({ friendWtId: UserId })
export type BlackBody = z.infer<typeof BlackBody>

export const BlackResult = z.object({ ownerBlackStatus: z.enum(BlackStatus) })
export type BlackResult = z.infer<typeof BlackResult>

/** One entry of GET /api/user/friendBlack/list, newest first. */
export const BlacklistItem = z.object({
  wtId: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  remark: z.string(),
  /** Unix seconds. */
  createTime: z.number().int(),
})
export type BlacklistItem = z.infer<typeof BlacklistItem>

// ---- Tags ----

/** A tag of the caller (spec section 3 "Tag"). tagStatus 1: the user asked about carries it. */
export const Tag = z.object({
  id: z.number().int(),
  tagName: z.string(),
  tagStatus: z.literal([0, 1]),
  /** How many of my friends carry it. */
  userCount: z.number().int(),
})
export type Tag = z.infer<typeof Tag>

export const InitSetListBody = z.object({ wtId: UserId })
export const SetTag4UserBody = z.object({ friendsWtId: UserId, tagIds: z.array(TagId).max(TAG_COUNT_MAX) })
export const TagIdBody = z.object({ id: TagId })
export const TagAddBody = z.object({ tagName: TagName })
export const TagUsersBody = z.object({ tagId: TagId, wtIds: z.array(UserId).min(1, '请选择好友').max(TAG_BATCH_MAX) })
export const TagDeleteBatchBody = z.object({ ids: z.array(TagId).min(1, '请选择标签').max(TAG_COUNT_MAX) })
export const TagRenameBody = z.object({ tagId: TagId, tagName: TagName })
export type SetTag4UserBody = z.infer<typeof SetTag4UserBody>
export type TagUsersBody = z.infer<typeof TagUsersBody>
export type TagRenameBody = z.infer<typeof TagRenameBody>

// ---- Common groups ----

export const CommonGroupsBody = z.object({ wtId: UserId })

/** One group both users are current members of (POST /api/user/groupchat/commonList). */
export const CommonGroup = z.object({
  groupID: z.string(),
  txGroupid: z.string(),
  groupNumber: z.string(),
  groupName: z.string(),
  groupAvatar: z.string(),
  groupMemberCount: z.number().int(),
})
export type CommonGroup = z.infer<typeof CommonGroup>

/** What changed in the friend list, in a `friendChange` frame (types/frames.ts); both sides get it so both refresh. */
export const FriendChangeKind = { Added: 'added', Deleted: 'deleted', Updated: 'updated' } as const
export type FriendChangeKind = (typeof FriendChangeKind)[keyof typeof FriendChangeKind]
