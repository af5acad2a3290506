import { MsgType } from '../../../../types/chat.js'
import { GroupIdentity, type TipOp } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { restrictVisibility } from '../../data/groups/messages.js'
import { insertSystemMessage } from '../../data/messages/channels.js'
import type { GroupAccess } from '../../domain/groups/access.js'
import type { GroupEffects } from '../../domain/groups/effects.js'
import { ONLY_VISIBLE_TO, tipPayload, welcomeData, type TipOptions, type TipTarget } from '../../domain/groups/tips.js'
import { serverMsgId } from '../../domain/serverMsgIds.js'
import { newToken } from '../../domain/tokens.js'

/**
 * Writes a group tip into the group's history and records it for the live push. The operator is
 * the sender; an admin-only tip is narrowed to admins and the first of `extra`.
 */
export async function writeTip(
  q: Queryable,
  fx: GroupEffects,
  access: Pick<GroupAccess, 'group' | 'channelId'>,
  operator: string,
  op: TipOp,
  target: TipTarget,
  opts: TipOptions = {},
): Promise<number> {
  const seq = await insertSystemMessage(q, access.channelId, operator, MsgType.GroupTip, tipPayload(operator, op, target, opts), serverMsgId('tip', newToken(9)))
  const extra = opts.extra ?? []
  if (opts.adminOnly) await restrictVisibility(q, access.channelId, seq, GroupIdentity.Admin, extra[0] ?? null)
  fx.messages.push({ channelId: access.channelId, seq, groupId: access.group.group_id, minIdentity: opts.adminOnly ? GroupIdentity.Admin : 0, extra })
  return seq
}

/** The welcome message, sent in the owner's name, that only the newcomer sees. */
export async function writeWelcome(q: Queryable, fx: GroupEffects, access: Pick<GroupAccess, 'group' | 'channelId'>, newcomer: string, nick: string): Promise<void> {
  const text = access.group.welcome_msg
  if (!text) return
  const data = welcomeData(newcomer, nick, text)
  const seq = await insertSystemMessage(q, access.channelId, access.group.owner_wt_id, MsgType.Custom, { data, description: text, extension: 'welcome' }, serverMsgId('welcome', newToken(9)))
  await restrictVisibility(q, access.channelId, seq, ONLY_VISIBLE_TO, newcomer)
  fx.messages.push({ channelId: access.channelId, seq, groupId: access.group.group_id, minIdentity: ONLY_VISIBLE_TO, extra: [newcomer] })
}
