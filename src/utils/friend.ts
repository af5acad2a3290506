import type { Conversation } from '@shared/chat'
import { ConvType } from '@shared/chat'

/**
 * Whether the other side of a C2C conversation is a two-way friend (spec 4 "Conversations": only
 * two-way friends count; non-friends cannot be pinned or muted from the menu). `friendIDs` is the
 * friend list of the contacts store (selectFriendIDs). Groups have no friend to check.
 */
export function isFriend(conversation: Pick<Conversation, 'type' | 'conversationID'>, friendIDs: ReadonlySet<string>): boolean {
  if (conversation.type !== ConvType.C2C) return false
  return friendIDs.has(conversation.conversationID.slice(ConvType.C2C.length))
}
