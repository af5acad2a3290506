import { z } from 'zod'

/**
 * Conversation groups (分组): the user's own tabs of the conversation list (spec sections 2
 * "Conversation list", 3 "Conversation group", 4 "Conversation groups", 5, 7, 9).
 */

/** Most user-created groups (spec section 9); the create option is offered while shown + hidden − 1 < this. */
export const SESSION_GROUP_MAX = 20
/** Group name, in characters after trim. */
export const SESSION_GROUP_NAME_MAX = 10
/** The id of the 'all' entry, first in every list; it is not stored, sorted, hidden or deleted. */
export const ALL_SESSION_GROUP_ID = 0

export const HideStatus = { Hidden: 0, Shown: 1 } as const
export type HideStatus = (typeof HideStatus)[keyof typeof HideStatus]

/** sessionType of a relation: 0 single, 1 group. */
export const SessionType = { Single: 0, Group: 1 } as const
export type SessionType = (typeof SessionType)[keyof typeof SessionType]

/** defaultGroup 1: created by the user, so editable and deletable; 0: the 'all' entry. */
export const DefaultGroup = { All: 0, UserCreated: 1 } as const

/** Texts of spec section 8 ("Conversation-group and group management toasts") and of the refusals. */
export const SessionGroupText = {
  All: '全部',
  Created: '创建成功',
  Changed: '修改成功',
  ChangeFailed: '修改失败，请重试',
  SortFailed: '修改顺序失败，请重试',
  Deleted: '删除成功',
  DeleteFailed: '删除失败，请重试',
} as const

export const SessionGroupError = {
  NameEmpty: { code: 400, msg: '请输入分组名称' },
  NameTooLong: { code: 400, msg: `分组名称最多${SESSION_GROUP_NAME_MAX}个字` },
  AllFixed: { code: 400, msg: '“全部”分组不能修改' },
  NotFound: { code: 404, msg: '分组不存在' },
  ConversationNotFound: { code: 404, msg: '会话不存在' },
  TooMany: { code: 409, msg: `最多创建${SESSION_GROUP_MAX}个分组` },
} as const

const sessionId = z.string().regex(/^(C2C|GROUP).{1,64}$/, 'sessionId must start with C2C or GROUP')
const groupId = z.number().int().min(0)

/** One conversation of a group as saved: sessionId 'C2C<wtId>' or 'GROUP<groupID>', relationId the wtId or groupID. */
export const SessionRelation = z.object({
  sessionId,
  sessionType: z.union([z.literal(SessionType.Single), z.literal(SessionType.Group)]),
  relationId: z.string().min(1).max(64),
})
export type SessionRelation = z.infer<typeof SessionRelation>

/** A relation as listed, with what the picker and the tabs manager show. */
export const SessionGroupItem = SessionRelation.extend({ name: z.string(), avatar: z.string() })
export type SessionGroupItem = z.infer<typeof SessionGroupItem>

export const SessionGroup = z.object({
  id: groupId,
  groupName: z.string(),
  hideStatus: z.union([z.literal(HideStatus.Hidden), z.literal(HideStatus.Shown)]),
  defaultGroup: z.union([z.literal(DefaultGroup.All), z.literal(DefaultGroup.UserCreated)]),
  /** Unread messages of the group's conversations (muted ones excluded, as the 未读 tab). */
  unreadCount: z.number().int().min(0),
  relationList: z.array(SessionGroupItem),
})
export type SessionGroup = z.infer<typeof SessionGroup>

/** The name is checked by the domain (trim, then 1..10 characters) so the refusal reads as the spec's text. */
const groupName = z.string().max(200)
const relationList = z.array(SessionRelation).max(10000)

export const SessionGroupAddBody = z.object({ groupName, relationList })
export type SessionGroupAddBody = z.infer<typeof SessionGroupAddBody>
export const SessionGroupUpdateBody = z.object({ id: groupId, groupName, relationList })
export type SessionGroupUpdateBody = z.infer<typeof SessionGroupUpdateBody>
export const SessionGroupHideBody = z.object({ id: groupId, hideStatus: z.union([z.literal(HideStatus.Hidden), z.literal(HideStatus.Shown)]) })
export const SessionGroupIdsBody = z.object({ ids: z.array(groupId).min(1).max(SESSION_GROUP_MAX + 1) })
export const SessionGroupIdBody = z.object({ id: groupId })
