import { ConvType, type Conversation } from '@shared/chat'
import { conversationTitle } from '@/components/chat/conversationName'
import { isFriend } from '@/utils/friend'

import { isHelperConversation, isSystemUserID, isYxConversation } from '@/domain/chat/specialConversations'

export { isSystemUserID, isYxConversation }

/** The name a row shows: the remark, else the peer's nickname or the group's name (as the chat header). */
export function conversationName(conversation: Conversation): string {
  return conversationTitle(conversation.conversationID, conversation)
}

/** The avatar as stored ('' without one); the app's mediaUrl makes it loadable. */
export function conversationAvatar(conversation: Conversation): string {
  return (conversation.type === ConvType.Group ? conversation.groupProfile?.avatar : conversation.userProfile?.avatar) ?? ''
}

/** Which state actions the context menu offers for a conversation. */
export interface ConversationMenuOptions {
  pin: boolean
  mute: boolean
  /** Archiving (fold) also mutes, so it is offered exactly where muting is. */
  fold: boolean
}

/**
 * Spec 4 "Conversations": non-friends cannot be pinned or muted from the menu; spec 1: C2Cyx
 * conversations hide mute, pin and archive. Groups have no friendship to check.
 */
export function menuOptions(conversation: Conversation, friendIDs: ReadonlySet<string>): ConversationMenuOptions {
  if (isYxConversation(conversation.conversationID)) return { pin: false, mute: false, fold: false }
  // The helper is nobody's friend, yet it may be pinned and muted like any chat.
  if (isHelperConversation(conversation.conversationID)) return { pin: true, mute: true, fold: true }
  const allowed = conversation.type === ConvType.Group || isFriend(conversation, friendIDs)
  return { pin: allowed, mute: allowed, fold: allowed }
}

/** An unread mention of the user (or of everyone) in a group: the @我 tab lists it, its row says [有人@我]. */
export function hasUnreadAtMe(conversation: Conversation): boolean {
  return conversation.groupAtInfoList.length > 0
}

/** A conversation's name with its group number, for a hover: several groups may share a name. */
export function conversationHint(conversation: Conversation): string {
  const name = conversationName(conversation)
  const number = conversation.type === ConvType.Group ? conversation.groupProfile?.groupNumber : ''
  return number ? `${name}（群号 ${number}）` : name
}
