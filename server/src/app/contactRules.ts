import { ConvType } from '../../../types/chat.js'
import { HELPER_ID } from '../../../types/favorites.js'
import { CONTACT_REMARK_MAX_BYTES, ContactError, utf8Bytes } from '../../../types/friends.js'
import type { Queryable } from '../db/Db.js'
import { parseConversationId } from '../domain/conversationIds.js'
import type { ConvPatch } from '../domain/conversations.js'
import { areFriends } from '../data/friends.js'
import { refuse } from '../domain/refusal.js'

/** The remark inside a conversation's customData JSON, if it has one. */
function remarkOf(customData: string): string | null {
  try {
    const parsed: unknown = JSON.parse(customData)
    const remark = parsed && typeof parsed === 'object' ? (parsed as { remark?: unknown }).remark : undefined
    return typeof remark === 'string' ? remark : null
  } catch {
    return null
  }
}

/**
 * The contacts rules on conversation state: a C2C conversation can be pinned or muted only
 * when the peer is a two-way friend (turning either off is always allowed), and the contact
 * remark in customData is at most 96 UTF-8 bytes.
 */
export async function checkConversationPatch(q: Queryable, me: string, conversationID: string, patch: ConvPatch): Promise<void> {
  if (patch.kind === 'customData') {
    const remark = remarkOf(patch.value)
    if (remark !== null && utf8Bytes(remark) > CONTACT_REMARK_MAX_BYTES) throw refuse(ContactError.ContactRemarkTooLong)
    return
  }
  if ((patch.kind === 'pin' || patch.kind === 'mute') && patch.value) {
    const ref = parseConversationId(me, conversationID)
    // The official helper is nobody's friend, yet its chat may be pinned and muted like any other.
    if (ref?.type === ConvType.C2C && ref.peer !== HELPER_ID && !(await areFriends(q, me, ref.peer))) throw refuse(ContactError.NotFriendConversation)
  }
}
