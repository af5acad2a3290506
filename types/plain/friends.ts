// The part of types/friends.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/friends.ts re-exports all of it).

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

/** Received applications, newest first, at most this many. */
export const APPLY_LIST_MAX = 200

/** What changed in the friend list, in a `friendChange` frame (types/frames.ts); both sides get it so both refresh. */
export const FriendChangeKind = { Added: 'added', Deleted: 'deleted', Updated: 'updated' } as const
export type FriendChangeKind = (typeof FriendChangeKind)[keyof typeof FriendChangeKind]
