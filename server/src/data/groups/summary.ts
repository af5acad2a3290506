import type { CommonGroup } from '../../../../types/friends.js'

/**
 * The columns a list of groups selects from `groups g`, with the live member count. The
 * list of my groups and a profile's common groups both show this much of a group.
 */
export const GROUP_SUMMARY_COLUMNS = `g.group_id, g.group_number, g.group_name, g.group_avatar,
  (SELECT count(*)::int FROM group_members c WHERE c.group_id = g.group_id AND c.left_at IS NULL) AS member_count`

export interface GroupSummaryRow {
  group_id: string
  group_number: string
  group_name: string
  group_avatar: string
  member_count: number
}

export function groupSummary(r: GroupSummaryRow): CommonGroup {
  return {
    groupID: r.group_id,
    txGroupid: r.group_id,
    groupNumber: r.group_number,
    groupName: r.group_name,
    groupAvatar: r.group_avatar,
    groupMemberCount: r.member_count,
  }
}
