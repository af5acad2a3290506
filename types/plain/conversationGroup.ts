// The part of types/conversationGroup.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/conversationGroup.ts re-exports all of it).

/** Most user-created groups (spec section 9); the create option is offered while shown + hidden − 1 < this. */
export const CONVERSATION_GROUP_MAX = 20
/** Group name, in characters after trim. */
export const CONVERSATION_GROUP_NAME_MAX = 10
/** The id of the 'all' entry, first in every list; it is not stored, sorted, hidden or deleted. */
export const ALL_CONVERSATION_GROUP_ID = 0

export const HideStatus = { Hidden: 0, Shown: 1 } as const
export type HideStatus = (typeof HideStatus)[keyof typeof HideStatus]

/** sessionType of a relation: 0 single, 1 group. */
export const SessionType = { Single: 0, Group: 1 } as const
export type SessionType = (typeof SessionType)[keyof typeof SessionType]

/** defaultGroup 1: created by the user, so editable and deletable; 0: the 'all' entry. */
export const DefaultGroup = { All: 0, UserCreated: 1 } as const

/** Texts of spec section 8 ("Conversation-group and group management toasts") and of the refusals. */
export const ConversationGroupText = {
  All: '全部',
  Created: '创建成功',
  Changed: '修改成功',
  ChangeFailed: '修改失败，请重试',
  SortFailed: '修改顺序失败，请重试',
  Deleted: '删除成功',
  DeleteFailed: '删除失败，请重试',
} as const

export const ConversationGroupError = {
  NameEmpty: { code: 400, msg: '请输入分组名称' },
  NameTooLong: { code: 400, msg: `分组名称最多${CONVERSATION_GROUP_NAME_MAX}个字` },
  AllFixed: { code: 400, msg: '“全部”分组不能修改' },
  NotFound: { code: 404, msg: '分组不存在' },
  ConversationNotFound: { code: 404, msg: '会话不存在' },
  TooMany: { code: 409, msg: `最多创建${CONVERSATION_GROUP_MAX}个分组` },
} as const
