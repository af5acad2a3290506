import { MsgType } from '../../../../types/chat.js'
import { GroupIdentity } from '../../../../types/group.js'
import { ADMIN_REVOKER, MessageOpsError, REVOKE_TOO_LATE_TEXT, REVOKE_WINDOW_S } from '../../../../types/messageOps.js'
import { Refusal, badRequest, forbidden, notFound } from '../refusal.js'
import type { ConvRef } from '../conversationIds.js'
import { outranks, type MemberRow } from '../groups/access.js'
import type { MessageRow } from '../messages.js'

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

/** A message that can be revoked: one in the user's window, and not a group tip. */
export function checkRevocable(row: MessageRow | null): asserts row is MessageRow {
  if (!row) throw notFound('消息不存在')
  if (row.type === MsgType.GroupTip) throw badRequest('群提示不能撤回')
}

/** In a group, only a current member revokes; answers whether they are an owner or admin. */
export function groupRevoker(self: MemberRow | null): boolean {
  if (!self) throw forbidden('你已不在该群聊中')
  return self.identity >= GroupIdentity.Admin
}

/** Someone else's message: a group's owner or admin revokes it when they outrank its sender (a former member counts as a member). */
export function checkRevokesOther(self: MemberRow | null, admin: boolean, sender: string, target: MemberRow | null): void {
  if (!self || !admin || !outranks(self, target ?? { wt_id: sender, identity: GroupIdentity.Member })) throw forbidden('不能撤回他人的消息')
}

/** The sender is named the revoker of their own message; an owner or admin revoking someone else's is 'administrator'. */
export const revokerOf = (me: string, row: MessageRow): string => (row.sender === me ? me : ADMIN_REVOKER)

/** One's own message within 300 s, unless one is a group's owner or admin. Past the window: 20016 '已过撤回时限'. */
export function checkRevokeWindow(own: boolean, admin: boolean, row: MessageRow): void {
  if (own && !admin && ageSeconds(row) >= REVOKE_WINDOW_S) throw new Refusal(MessageOpsError.RevokeTooLate, REVOKE_TOO_LATE_TEXT)
}
