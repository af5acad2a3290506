import { ConvType } from '../../../../types/chat.js'
import type { AppContext } from '../../context.js'
import { conversationState } from '../../data/conversations.js'
import { markRevoked, messageAt } from '../../data/messages/rows.js'
import { parseConversationId } from '../../domain/conversationIds.js'
import { memberOf } from '../../data/groups/currentMembers.js'
import { checkRevocable, checkRevokesOther, checkRevokeWindow, groupRevoker, revokerOf, type Revoked } from '../../domain/messageOps/revoke.js'
import { notFound } from '../../domain/refusal.js'
import { change, record, type Outcome } from '../effects.js'

/**
 * Revokes a message (spec 4 and 6) in one transaction, read top to bottom:
 * 1. the conversation is the user's, and the message lies in what they may read (data/conversations.ts);
 *    its row is locked, so of two revokes at once the second sees the first's revoker;
 * 2. the rules (domain/messageOps/revoke.ts): not a group tip; one's own message, or in a group
 *    someone the owner or an admin outranks (the members read through data/groups/currentMembers.ts);
 *    a message already revoked answers its first revoker and changes nothing; one's own within 300 s
 *    unless one is an owner or admin;
 * 3. the write (data/messages/rows.ts, markRevoked);
 * 4. the effect, published after the commit: everyone in the conversation, every device of the
 *    revoker too, hears of it (app/publish/messageOps.ts, pushRevoked).
 */
export function revokeMessage(ctx: Pick<AppContext, 'db'>, me: string, conversationID: string, sequence: number): Promise<Outcome<Revoked>> {
  return change(ctx.db, async (q, fx) => {
    const ref = parseConversationId(me, conversationID)
    const state = ref && (await conversationState(q, me, conversationID))
    if (!ref || !state) throw notFound('会话不存在')
    const row = sequence > state.cleared_seq && sequence <= state.last_seq ? await messageAt(q, state.channel_id, sequence, true) : null
    checkRevocable(row)
    const own = row.sender === me
    let admin = false
    if (ref.type === ConvType.Group) {
      const self = await memberOf(q, ref.groupId, me)
      admin = groupRevoker(self)
      if (!own) checkRevokesOther(self, admin, row.sender, await memberOf(q, ref.groupId, row.sender))
    } else if (!own) {
      checkRevokesOther(null, false, row.sender, null)
    }
    if (row.is_revoked) return { row, ref, revoker: row.revoker, changed: false }
    checkRevokeWindow(own, admin, row)
    const revoker = revokerOf(me, row)
    await markRevoked(q, row.channel_id, sequence, revoker)
    const revoked: Revoked = { row: { ...row, is_revoked: true, revoker, payload: {} }, ref, revoker, changed: true }
    record(fx, { kind: 'revoked', by: me, revoked })
    return revoked
  })
}
