import { HELPER_CONVERSATION_ID, HELPER_ID, YX_CONVERSATION_PREFIX } from '@shared/favorites'

/**
 * The special conversations of spec 1: the official helper (C2CwisperHelper) and the C2Cyx kind.
 * Neither offers calls, a profile or the header's actions; C2Cyx also hides mute, pin and archive.
 */
export const isHelperConversation = (conversationID: string): boolean => conversationID === HELPER_CONVERSATION_ID

export const isYxConversation = (conversationID: string): boolean => conversationID.startsWith(YX_CONVERSATION_PREFIX)

export const isSpecialConversation = (conversationID: string): boolean => isHelperConversation(conversationID) || isYxConversation(conversationID)

/** Senders without a profile to open (spec 1): group management, the helper, the revoking administrator, 'yx' accounts. */
export function isSystemUserID(userID: string): boolean {
  return userID === 'groupManage' || userID === HELPER_ID || userID === 'administrator' || userID.startsWith('yx')
}

/** What the chat header offers in a conversation: special ones show only their own (the helper's FAQ). */
export function headerActionsFor(conversationID: string): { search: boolean; faq: boolean } {
  if (isHelperConversation(conversationID)) return { search: false, faq: true }
  if (isYxConversation(conversationID)) return { search: false, faq: false }
  return { search: true, faq: false }
}
