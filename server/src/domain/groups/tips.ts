import { MsgType } from '../../../../types/chat.js'
import { GroupIdentity, type TipOp } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { insertSystemMessage } from '../messages.js'
import { newToken } from '../tokens.js'
import type { GroupAccess } from './access.js'
import type { GroupEffects } from './effects.js'
import { serverMsgId } from '../serverMsgIds.js'

export interface TipTarget {
  ids: string[]
  nicks: string[]
}

export interface TipOptions {
  newGroupProfile?: Record<string, unknown>
  muteTime?: number
  /** Only admins and the owner (plus `extra`) see it: the exit notice of a member who quit. */
  adminOnly?: boolean
  /** Who receives it besides the current members (a leaver sees their own leave tip). */
  extra?: string[]
}

/**
 * Writes a group tip into the group's history (payload as types/chat.ts GroupTipPayload, read
 * by the client's groupTipText) and records it for the live push. The operator is the sender.
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
  const payload: Record<string, unknown> = {
    operationType: op,
    operatorID: operator,
    userIDList: target.ids,
    nickList: target.nicks,
    newGroupProfile: opts.newGroupProfile ?? null,
  }
  if (opts.muteTime !== undefined) payload.muteTime = opts.muteTime
  const seq = await insertSystemMessage(q, access.channelId, operator, MsgType.GroupTip, payload, serverMsgId('tip', newToken(9)))
  const extra = opts.extra ?? []
  if (opts.adminOnly) {
    await q.query('UPDATE messages SET visible_identity = $3, visible_to = $4 WHERE channel_id = $1 AND seq = $2', [
      access.channelId,
      seq,
      GroupIdentity.Admin,
      extra[0] ?? null,
    ])
  }
  fx.messages.push({ channelId: access.channelId, seq, groupId: access.group.group_id, minIdentity: opts.adminOnly ? GroupIdentity.Admin : 0, extra })
  return seq
}

/** Only this user sees it (the welcome message of a newcomer). */
export const ONLY_VISIBLE_TO = 99

/**
 * The welcome message: a group custom message (type GroupCustomMsg, detail 'welcome') that
 * only the newcomer sees, sent in the owner's name.
 */
export async function writeWelcome(q: Queryable, fx: GroupEffects, access: Pick<GroupAccess, 'group' | 'channelId'>, newcomer: string, nick: string): Promise<void> {
  const text = access.group.welcome_msg
  if (!text) return
  const data = JSON.stringify({ type: 'GroupCustomMsg', detailType: 'welcome', operatorUser: { nickName: '' }, operated: [{ nickName: nick, userId: newcomer }], content: text })
  const seq = await insertSystemMessage(q, access.channelId, access.group.owner_wt_id, MsgType.Custom, { data, description: text, extension: 'welcome' }, serverMsgId('welcome', newToken(9)))
  await q.query('UPDATE messages SET visible_identity = $3, visible_to = $4 WHERE channel_id = $1 AND seq = $2', [access.channelId, seq, ONLY_VISIBLE_TO, newcomer])
  fx.messages.push({ channelId: access.channelId, seq, groupId: access.group.group_id, minIdentity: ONLY_VISIBLE_TO, extra: [newcomer] })
}
