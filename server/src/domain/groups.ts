import { MsgType } from '../../../types/chat.js'
import { GROUP_TYPES, GroupIdentity, GroupType, TipOp, type GroupCreateBody, type GroupListItem } from '../../../types/group.js'
import type { Queryable } from '../db/Db.js'
import { groupChannel, groupConversationId } from './conversationIds.js'
import { GROUP_SUMMARY_COLUMNS, groupSummary, type GroupSummaryRow } from './groups/summary.js'
import { ensureConversationRows, insertSystemMessage } from './messages.js'
import { newToken } from './tokens.js'
import { serverMsgId } from './serverMsgIds.js'


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
    serverMsgId('tip', newToken(9)),
  )
  return { groupId, groupNumber, members }
}

/**
 * The caller's current groups, newest first; with `text`, only those whose name, own remark or
 * number contains it (listByName), capped at 100.
 */
export async function listGroups(q: Queryable, me: string, text?: string): Promise<GroupListItem[]> {
  const filter = text === undefined ? '' : 'AND (g.group_name ILIKE $2 OR gm.group_name_remark ILIKE $2 OR g.group_number LIKE $2)'
  const params = text === undefined ? [me] : [me, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]
  const { rows } = await q.query<GroupSummaryRow & { group_notice: string; identity: number }>(
    `SELECT ${GROUP_SUMMARY_COLUMNS}, g.group_notice, gm.identity
     FROM group_members gm JOIN groups g ON g.group_id = gm.group_id
     WHERE gm.wt_id = $1 AND gm.left_at IS NULL AND g.dissolved_at IS NULL ${filter}
     ORDER BY g.created_at DESC${text === undefined ? '' : ' LIMIT 100'}`,
    params,
  )
  return rows.map((r) => ({ ...groupSummary(r), groupNotice: r.group_notice, identity: r.identity as GroupListItem['identity'] }))
}
