import { MsgType } from '../../../types/chat.js'
import { GROUP_TYPES, GroupIdentity, GroupType, TipOp, type GroupCreateBody, type GroupListItem } from '../../../types/group.js'
import type { Queryable } from '../db/Db.js'
import { groupChannel, groupConversationId } from './conversationIds.js'
import { ensureConversationRows, insertSystemMessage } from './messages.js'
import { newToken } from './tokens.js'


/**
 * Creates a group with the creator as owner and the invited users as members, opens the
 * conversation for all of them and writes the creation tip. Unknown or deleted users are
 * skipped rather than failing the whole creation.
 */
export async function createGroup(q: Queryable, owner: string, body: GroupCreateBody) {
  const { rows: valid } = await q.query<{ wt_id: string; nick_name: string }>(
    'SELECT wt_id, nick_name FROM users WHERE wt_id = ANY($1::text[]) AND action_status = 0 AND wt_id <> $2',
    [body.wtIds, owner],
  )
  const { rows: num } = await q.query<{ n: string }>(`SELECT nextval('group_number_seq')::text AS n`)
  const groupNumber = num[0]!.n
  const groupId = `G${groupNumber}`
  const type = GROUP_TYPES.find((t) => t.type === (body.groupType ?? GroupType.Work))!
  await q.query(
    `INSERT INTO groups (group_id, group_number, group_name, group_avatar, group_notice, owner_wt_id, group_type, invite_switch, confirm_invite_switch)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [groupId, groupNumber, body.groupName, body.groupAvatar, body.groupNotice, owner, type.type, type.inviteSwitch, type.confirminviteSwitch],
  )
  await q.query(`INSERT INTO group_members (group_id, wt_id, identity, join_type) VALUES ($1, $2, $3, 2)`, [groupId, owner, GroupIdentity.Owner])
  for (const m of valid) {
    await q.query(`INSERT INTO group_members (group_id, wt_id, identity, join_type, inviter_wt_id) VALUES ($1, $2, 1, 2, $3)`, [
      groupId,
      m.wt_id,
      owner,
    ])
  }
  const channelId = groupChannel(groupId)
  const members = [owner, ...valid.map((m) => m.wt_id)]
  await q.query('INSERT INTO channels (channel_id) VALUES ($1) ON CONFLICT DO NOTHING', [channelId])
  await ensureConversationRows(q, channelId, members.map((wtId) => ({ wtId, conversationID: groupConversationId(groupId) })))
  await insertSystemMessage(
    q,
    channelId,
    owner,
    MsgType.GroupTip,
    { operationType: TipOp.Join, operatorID: owner, userIDList: valid.map((m) => m.wt_id), nickList: valid.map((m) => m.nick_name), newGroupProfile: { groupName: body.groupName, created: true } },
    `tip-${newToken(9)}`,
  )
  return { groupId, groupNumber, members }
}

export async function listGroups(q: Queryable, me: string): Promise<GroupListItem[]> {
  const { rows } = await q.query<{
    group_id: string
    group_number: string
    group_name: string
    group_avatar: string
    group_notice: string
    identity: number
    member_count: number
  }>(
    `SELECT g.group_id, g.group_number, g.group_name, g.group_avatar, g.group_notice, gm.identity,
            (SELECT count(*)::int FROM group_members x WHERE x.group_id = g.group_id AND x.left_at IS NULL) AS member_count
     FROM group_members gm JOIN groups g ON g.group_id = gm.group_id
     WHERE gm.wt_id = $1 AND gm.left_at IS NULL AND g.dissolved_at IS NULL
     ORDER BY g.created_at DESC`,
    [me],
  )
  return rows.map((r) => ({
    groupID: r.group_id,
    txGroupid: r.group_id,
    groupNumber: r.group_number,
    groupName: r.group_name,
    groupAvatar: r.group_avatar,
    groupNotice: r.group_notice,
    groupMemberCount: r.member_count,
    identity: r.identity as GroupListItem['identity'],
  }))
}
