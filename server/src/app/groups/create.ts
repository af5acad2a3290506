import { MsgType } from '../../../../types/chat.js'
import { GROUP_TYPES, GroupIdentity, GroupType, TipOp, type GroupCreateBody } from '../../../../types/group.js'
import type { AppContext } from '../../context.js'
import type { Queryable } from '../../db/Db.js'
import { activeUsersBut, insertGroup, nextGroupNumber } from '../../data/groups/groups.js'
import { insertFounders, openChannel } from '../../data/groups/members.js'
import { ensureConversationRows, insertSystemMessage } from '../../data/messages/channels.js'
import { groupChannel, groupConversationId, parseConversationId } from '../../domain/conversationIds.js'
import { messageAt } from '../../data/messages/rows.js'
import { uploadMime } from '../../data/uploads.js'
import { GROUP_AVATAR_NOT_OWN_IMAGE_TEXT, requireUploadedImage } from '../../domain/ownImages.js'
import { serverMsgId } from '../../domain/serverMsgIds.js'
import { newToken } from '../../domain/tokens.js'
import { record } from '../effects.js'
import { runGroupChange } from './run.js'

/**
 * Creates a group with the creator as owner and the invited users as members, opens the
 * conversation for all of them and writes the creation tip. Unknown or deleted users are
 * skipped rather than failing the whole creation.
 */
export async function foundGroup(q: Queryable, owner: string, body: GroupCreateBody) {
  const valid = await activeUsersBut(q, body.wtIds, owner)
  // No avatar: the members' mosaic.
  const avatar = body.groupAvatar ? await requireUploadedImage(body.groupAvatar, (id) => uploadMime(q, id, owner), GROUP_AVATAR_NOT_OWN_IMAGE_TEXT) : ''
  const groupNumber = await nextGroupNumber(q)
  const groupId = `G${groupNumber}`
  const type = GROUP_TYPES.find((t) => t.type === (body.groupType ?? GroupType.Work))!
  await insertGroup(q, {
    groupId,
    groupNumber,
    groupName: body.groupName,
    groupAvatar: avatar,
    groupNotice: body.groupNotice,
    owner,
    groupType: type.type,
    inviteSwitch: type.inviteSwitch,
    confirmInviteSwitch: type.confirminviteSwitch,
  })
  await insertFounders(q, groupId, owner, GroupIdentity.Owner, valid.map((m) => m.wt_id))
  const channelId = groupChannel(groupId)
  const members = [owner, ...valid.map((m) => m.wt_id)]
  await openChannel(q, channelId)
  await ensureConversationRows(q, channelId, members.map((wtId) => ({ wtId, conversationID: groupConversationId(groupId) })))
  await insertSystemMessage(
    q,
    channelId,
    owner,
    MsgType.GroupTip,
    { operationType: TipOp.Join, operatorID: owner, userIDList: valid.map((m) => m.wt_id), nickList: valid.map((m) => m.nick_name), newGroupProfile: { groupName: body.groupName, created: true } },
    serverMsgId('tip', newToken(9)),
  )
  return { groupId, groupNumber, members }
}

/** group/create: the new group's first message (the creation tip) and conversation reach every member. */
export const createGroup = (ctx: AppContext, owner: string, body: GroupCreateBody): Promise<{ groupId: string; groupNumber: string }> =>
  runGroupChange(ctx, async (q, fx) => {
    const { groupId, groupNumber, members } = await foundGroup(q, owner, body)
    const conversationID = groupConversationId(groupId)
    const ref = parseConversationId(owner, conversationID)!
    const tip = await messageAt(q, ref.channelId, 1)
    if (tip) record(fx, { kind: 'message', sent: { message: tip, ref, recipients: members } })
    for (const wtId of members) record(fx, { kind: 'conversation', wtId, conversationID })
    return { groupId, groupNumber }
  })
