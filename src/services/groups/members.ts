import { GROUP_MEMBER_FETCH_COUNT, type GroupBlackEntry, type GroupMember, type JoinResult } from '@shared/group'
import type { Paged } from '@shared/envelope'
import type { ServiceContext } from '../context'
import { reasonOf, type GroupParts } from './context'
import { GroupToast } from './texts'

const SILENT = { silent: true } as const

export type CandidateKind = 'add' | 'remove' | 'manager' | 'muted' | 'all'

export function createMembers({ state, toast }: ServiceContext, { groupApi, helpers }: GroupParts) {
  const act = helpers.actWithToasts

  /** The side panel's member fetch: the first 100 (spec 9), or the next page of 100. */
  async function loadMembers(groupNumber: string, pageNum = 1): Promise<void> {
    const held = state().groupMembers[groupNumber]
    if (held?.loading) return
    state().setMembersLoading(groupNumber, true)
    try {
      const page = await groupApi.memberList({ groupNumber, pageNum, pageSize: GROUP_MEMBER_FETCH_COUNT }, SILENT)
      state().putMemberPage(groupNumber, page.rows, page.total, pageNum)
    } catch (err) {
      console.warn('loading members failed', err)
      state().setMembersLoading(groupNumber, false, true)
      toast.error(GroupToast.memberListFailed)
    }
  }

  function reloadMembers(groupNumber: string): Promise<void> {
    return loadMembers(groupNumber, 1)
  }

  /** The next 100 members, when more exist than are held. */
  function loadMoreMembers(groupNumber: string): Promise<void> {
    const held = state().groupMembers[groupNumber]
    if (!held || held.members.length >= held.total) return Promise.resolve()
    return loadMembers(groupNumber, held.pageNum + 1)
  }

  /**
   * The side panel's member search (spec 5): a substring of ID or nickname, on the server. A
   * failure or no result says 该用户不存在 and gives null, so the panel shows the full list again.
   */
  async function searchMembers(groupNumber: string, keyword: string): Promise<GroupMember[] | null> {
    try {
      const page = await groupApi.memberList({ groupNumber, keyword: keyword.trim(), pageSize: GROUP_MEMBER_FETCH_COUNT }, SILENT)
      if (page.rows.length > 0) return page.rows
    } catch (err) {
      console.warn('member search failed', err)
    }
    toast.error(GroupToast.userNotFound)
    return null
  }

  /** The select-group-member panel's lists, 100 at a time. */
  function loadCandidates(kind: CandidateKind, groupNumber: string, pageNum: number, keyword = ''): Promise<Paged<GroupMember>> {
    const body = { groupNumber, pageNum, pageSize: GROUP_MEMBER_FETCH_COUNT, keyword }
    switch (kind) {
      case 'add':
        return groupApi.addCandidates(body)
      case 'remove':
        return groupApi.removeCandidates(body)
      case 'manager':
        return groupApi.managerCandidates(body)
      case 'muted':
        return groupApi.muteCandidates(body)
      case 'all':
        return groupApi.memberList(body)
    }
  }

  /** Invites people; those needing approval become applications. Resolves with the server's split. */
  async function inviteMembers(groupNumber: string, wtIds: string[]): Promise<JoinResult | null> {
    let result: JoinResult
    try {
      result = await groupApi.batchInvite({ groupNumber, wtIds }, SILENT)
    } catch (err) {
      toast.error(reasonOf(err, GroupToast.inviteFailed))
      return null
    }
    if (result.joined.length === 0 && result.pending.length > 0) toast.success(GroupToast.invitePending)
    else if (result.joined.length === 0) toast.error(GroupToast.inviteFailed)
    else toast.success(GroupToast.inviteOk)
    if (result.joined.length > 0) await reloadMembers(groupNumber)
    return result
  }

  async function removeMembers(groupNumber: string, wtIds: string[]): Promise<boolean> {
    const done = await act(() => groupApi.remove({ groupNumber, wtIds }, SILENT), GroupToast.removeOk, GroupToast.removeFailed)
    if (done) state().removeMembers(groupNumber, wtIds)
    return done
  }

  /** identity 2 makes them admins, 1 ordinary members again. */
  async function setAdmins(groupNumber: string, wtIds: string[], identity: 1 | 2): Promise<boolean> {
    const done = await act(() => groupApi.setAdmins({ groupNumber, wtIds, identity }, SILENT), GroupToast.operationOk, GroupToast.operationFailed)
    if (done) {
      state().patchMembers(groupNumber, wtIds, { identity, position: identity === 2 ? '管理员' : '' })
      const info = state().groupInfos[groupNumber]
      if (info) state().patchGroupInfo(groupNumber, { adminCount: Math.max(0, info.adminCount + (identity === 2 ? wtIds.length : -wtIds.length)) })
    }
    return done
  }

  /** muteTime in seconds from now; 0 lifts the mute. */
  async function muteMembers(groupNumber: string, wtIds: string[], muteTime: number): Promise<boolean> {
    const done = await act(() => groupApi.batchMuted({ groupNumber, wtIds, muteTime }, SILENT), GroupToast.operationOk, GroupToast.operationFailed)
    if (done) state().patchMembers(groupNumber, wtIds, { muteUntil: muteTime > 0 ? Math.floor(Date.now() / 1000) + muteTime : 0 })
    return done
  }

  /** Blacklisting also removes them from the group. */
  async function blacklistMembers(groupNumber: string, wtIds: string[]): Promise<boolean> {
    const done = await act(() => groupApi.blackAdd({ groupNumber, wtIds }, SILENT), GroupToast.operationOk, GroupToast.operationFailed)
    if (done) state().removeMembers(groupNumber, wtIds)
    return done
  }

  function unblacklistMembers(groupNumber: string, wtIds: string[]): Promise<boolean> {
    return act(() => groupApi.blackRemove({ groupNumber, wtIds }, SILENT), GroupToast.operationOk, GroupToast.operationFailed)
  }

  function loadBlacklist(groupNumber: string, pageNum: number): Promise<Paged<GroupBlackEntry>> {
    return groupApi.blackList({ groupNumber, pageNum, pageSize: GROUP_MEMBER_FETCH_COUNT })
  }

  function loadMutedMembers(groupNumber: string, pageNum: number): Promise<Paged<GroupMember>> {
    return groupApi.mutedList({ groupNumber, pageNum, pageSize: GROUP_MEMBER_FETCH_COUNT })
  }

  async function memberDetail(groupNumber: string, wtId: string) {
    try {
      return await groupApi.memberOneInfo({ groupNumber, wtId }, SILENT)
    } catch (err) {
      toast.error(reasonOf(err, GroupToast.memberInfoFailed))
      return null
    }
  }

  return {
    loadMembers,
    reloadMembers,
    loadMoreMembers,
    searchMembers,
    loadCandidates,
    inviteMembers,
    removeMembers,
    setAdmins,
    muteMembers,
    blacklistMembers,
    unblacklistMembers,
    loadBlacklist,
    loadMutedMembers,
    memberDetail,
  }
}
