import type { Conversation } from '@shared/chat'
import { ConvType } from '@shared/chat'

/**
 * Whether the other side of a conversation counts as a two-way friend (spec 4 "Conversations":
 * non-friends cannot be pinned or muted from the menu).
 *
 * The product has no friend relation yet: contacts, friend requests and the blacklist are a later
 * feature, and until then a C2C conversation exists only because one of the two users looked the
 * other up by ID and wrote to them. So every C2C peer counts as a friend, and this function is the
 * one place the real check (the friend list of the contacts store) will replace. Group
 * conversations have no friend to check; callers do not ask for them.
 */
export function isFriend(conversation: Pick<Conversation, 'type' | 'userProfile'>): boolean {
  return conversation.type === ConvType.C2C && conversation.userProfile !== null
}
