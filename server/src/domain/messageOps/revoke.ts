import { ConvType, MsgType } from '../../../../types/chat.js'
import { GroupIdentity } from '../../../../types/group.js'
import { MessageOpsError, REVOKE_TOO_LATE_TEXT, REVOKE_WINDOW_S } from '../../../../types/messageOps.js'
import type { Queryable } from '../../db/Db.js'
import { Refusal, badRequest, forbidden, notFound } from '../refusal.js'
import { conversationState } from '../conversations.js'
import { parseConversationId, type ConvRef } from '../conversationIds.js'
import { outranks } from '../groups/access.js'
import { memberOf } from '../groups/currentMembers.js'
import { messageAt, type MessageRow } from '../messages.js'

export const ADMIN_REVOKER = 'administrator'

export interface Revoked {
  row: MessageRow
  ref: ConvRef
  revoker: string
  /** False when the message was already revoked: nothing to announce. */
  changed: boolean
}

export function ageSeconds(row: Pick<MessageRow, 'created_at'>, now = Date.now()): number {
  return (now - new Date(row.created_at).getTime()) / 1000
}

/**
 * The revoke rule of spec 4 and 6: one's own message within 300 s; a group owner or admin also
 * anyone they outrank, and any older message. Past the window: 20016 '已过撤回时限'.
 */
export async function revokeMessage(q: Queryable, me: string, conversationID: string, sequence: number): Promise<Revoked> {
  const ref = parseConversationId(me, conversationID)
  const state = ref && (await conversationState(q, me, conversationID))
  if (!ref || !state) throw notFound('会话不存在')
  const row = sequence > state.cleared_seq && sequence <= state.last_seq ? await messageAt(q, state.channel_id, sequence) : null
  if (!row) throw notFound('消息不存在')
  if (row.type === MsgType.GroupTip) throw badRequest('群提示不能撤回')
  const own = row.sender === me
  let admin = false
  if (ref.type === ConvType.Group) {
    const self = await memberOf(q, ref.groupId, me)
    if (!self) throw forbidden('你已不在该群聊中')
    admin = self.identity >= GroupIdentity.Admin
    if (!own) {
      const target = (await memberOf(q, ref.groupId, row.sender)) ?? { wt_id: row.sender, identity: GroupIdentity.Member }
      if (!admin || !outranks(self, target)) throw forbidden('不能撤回他人的消息')
    }
  } else if (!own) {
    throw forbidden('不能撤回他人的消息')
  }
  const revoker = own ? me : ADMIN_REVOKER
  if (row.is_revoked) return { row, ref, revoker: row.revoker, changed: false }
  if (own && !admin && ageSeconds(row) >= REVOKE_WINDOW_S) throw new Refusal(MessageOpsError.RevokeTooLate, REVOKE_TOO_LATE_TEXT)
  await q.query('UPDATE messages SET is_revoked = TRUE, revoker = $3 WHERE channel_id = $1 AND seq = $2', [row.channel_id, sequence, revoker])
  return { row: { ...row, is_revoked: true, revoker, payload: {} }, ref, revoker, changed: true }
}
