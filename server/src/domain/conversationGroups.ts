import { CONVERSATION_GROUP_NAME_MAX, ConversationGroupError, SessionType, type SessionRelation } from '../../../types/conversationGroup.js'
import { parseConversationId } from './conversationIds.js'
import { refuse } from './refusal.js'

/**
 * Conversation groups: a user's own tabs of conversations (not 群). They are private to their
 * owner, and an id of someone else's group is answered exactly like one that does not exist.
 */

/** The name as stored: trimmed, 1..10 characters (code points, so an emoji counts once). */
export function checkGroupName(raw: string): string {
  const name = raw.trim()
  if (!name) throw refuse(ConversationGroupError.NameEmpty)
  if ([...name].length > CONVERSATION_GROUP_NAME_MAX) throw refuse(ConversationGroupError.NameTooLong)
  return name
}

export const relationOf = (conversationID: string): SessionRelation =>
  conversationID.startsWith('GROUP')
    ? { sessionId: conversationID, sessionType: SessionType.Group, relationId: conversationID.slice(5) }
    : { sessionId: conversationID, sessionType: SessionType.Single, relationId: conversationID.slice(3) }

/** The conversation IDs the relations name, each once; a relation that does not match its own ID is refused. */
export function relationConversationIds(me: string, relations: SessionRelation[]): string[] {
  const ids: string[] = []
  for (const r of relations) {
    const ref = parseConversationId(me, r.sessionId)
    const relationId = ref?.type === 'GROUP' ? ref.groupId : ref?.peer
    const type = ref?.type === 'GROUP' ? SessionType.Group : SessionType.Single
    if (!ref || relationId !== r.relationId || type !== r.sessionType) throw refuse(ConversationGroupError.ConversationNotFound)
    if (!ids.includes(r.sessionId)) ids.push(r.sessionId)
  }
  return ids
}
