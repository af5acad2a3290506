import { z } from 'zod'
import { SessionType, HideStatus, DefaultGroup, CONVERSATION_GROUP_MAX } from './plain/conversationGroup'

/**
 * Conversation groups (分组): the user's own tabs of the conversation list (spec sections 2
 * "Conversation list", 3 "Conversation group", 4 "Conversation groups", 5, 7, 9).
 */

export * from './plain/conversationGroup'

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
export const ConversationGroupItem = SessionRelation.extend({ name: z.string(), avatar: z.string() })
export type ConversationGroupItem = z.infer<typeof ConversationGroupItem>

export const ConversationGroup = z.object({
  id: groupId,
  groupName: z.string(),
  hideStatus: z.union([z.literal(HideStatus.Hidden), z.literal(HideStatus.Shown)]),
  defaultGroup: z.union([z.literal(DefaultGroup.All), z.literal(DefaultGroup.UserCreated)]),
  /** Unread messages of the group's conversations (muted ones excluded, as the 未读 tab). */
  unreadCount: z.number().int().min(0),
  relationList: z.array(ConversationGroupItem),
})
export type ConversationGroup = z.infer<typeof ConversationGroup>

/** The name is checked by the domain (trim, then 1..10 characters) so the refusal reads as the spec's text. */
const groupName = z.string().max(200)
const relationList = z.array(SessionRelation).max(10000)

export const ConversationGroupAddBody = z.object({ groupName, relationList })
export type ConversationGroupAddBody = z.infer<typeof ConversationGroupAddBody>
export const ConversationGroupUpdateBody = z.object({ id: groupId, groupName, relationList })
export type ConversationGroupUpdateBody = z.infer<typeof ConversationGroupUpdateBody>
export const ConversationGroupHideBody = z.object({ id: groupId, hideStatus: z.union([z.literal(HideStatus.Hidden), z.literal(HideStatus.Shown)]) })
export const ConversationGroupIdsBody = z.object({ ids: z.array(groupId).min(1).max(CONVERSATION_GROUP_MAX + 1) })
export const ConversationGroupIdBody = z.object({ id: groupId })
