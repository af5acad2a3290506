import { GROUP_CALL_ATTRIBUTE, type GroupCallInfo } from '@shared/call'
import { callRoutes } from '@shared/routes/calls'
import { groupRoutes } from '@shared/routes/groups'
import type { RouteClient } from './client'

/** Group member pages of 30 (the member picker's 'View more'); docs/groups-api.md `member/list`. */
export const GROUP_MEMBER_PAGE = 30

export function createGroupCallApi(api: RouteClient) {
  /** The group attribute inner_attr_kit_info of the group's live call, or null without one. */
  async function getGroupCallInfo(groupID: string): Promise<GroupCallInfo | null> {
    const answer = await api.call(callRoutes.groupAttributes, { groupID }, { silent: true })
    const text = answer[GROUP_CALL_ATTRIBUTE]
    return text ? (JSON.parse(text) as GroupCallInfo) : null
  }

  const getGroupMemberPage = (groupNumber: string, pageNum: number) =>
    api.call(groupRoutes.memberList, { groupNumber, pageNum, pageSize: GROUP_MEMBER_PAGE }, { silent: true })

  return { getGroupCallInfo, getGroupMemberPage }
}
