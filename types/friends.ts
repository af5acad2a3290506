import { z } from 'zod'
import { charCount, FRIEND_REMARK_MAX, TAG_NAME_MAX, FriendsStatus, BlackStatus, ActionStatus, SpaceStatus, ContactCustomMsg, FRIEND_REASON_MAX, HandleStatus, TAG_COUNT_MAX, TAG_BATCH_MAX } from './plain/friends'

/**
 * Contacts: friends, friend applications, remarks, moments permissions, the blacklist and tags
 * (spec sections 3, 4 "Friends", 5, 7 "Login and user" and "Friends and tags", 9).
 */

export * from './plain/friends'

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
