import type { StateCreator } from 'zustand'
import type { GroupApplication, GroupInfo, GroupMember, GroupOtherNotice, NoticeListKind } from '@shared/group'
import type { AppState } from '../appState'

/** One group's member list as far as it has been paged in (the server pages; nothing loads a whole large group). */
export interface MemberListState {
  members: GroupMember[]
  total: number
  /** The last page held (0: none yet). */
  pageNum: number
  loading: boolean
  failed: boolean
}

export interface NoticeListState<T> {
  rows: T[]
  total: number
  pageNum: number
  loading: boolean
}

export interface GroupNoticeLists {
  joinApply: NoticeListState<GroupApplication>
  myApply: NoticeListState<GroupApplication>
  others: NoticeListState<GroupOtherNotice>
}

type NoticeRow<K extends NoticeListKind> = GroupNoticeLists[K]['rows'][number]

export interface GroupsSlice {
  /** groupNumber → the group as this member sees it (getInfoById). */
  groupInfos: Record<string, GroupInfo>
  /** groupNumber → its member list. */
  groupMembers: Record<string, MemberListState>
  /** groupNumber → join applications waiting for an admin (the drawer and its header badge). */
  pendingApplications: Record<string, GroupApplication[]>
  groupNoticeLists: GroupNoticeLists
  /**
   * groupNumber → how many group changes (socket notice 5) arrived for it: screens holding a copy
   * of the group that the store does not (the group card) fetch it again when this moves.
   */
  groupChangeCounts: Record<string, number>
  noteGroupChange(groupNumber: string): void
  setGroupInfo(info: GroupInfo): void
  patchGroupInfo(groupNumber: string, patch: Partial<GroupInfo>): void
  forgetGroup(groupNumber: string): void
  setMembersLoading(groupNumber: string, loading: boolean, failed?: boolean): void
  /** Page 1 replaces the list; a later page appends the members not held yet. */
  putMemberPage(groupNumber: string, rows: GroupMember[], total: number, pageNum: number): void
  patchMembers(groupNumber: string, wtIds: readonly string[], patch: Partial<GroupMember>): void
  removeMembers(groupNumber: string, wtIds: readonly string[]): void
  setPendingApplications(groupNumber: string, list: GroupApplication[]): void
  /** A handled application leaves the drawer and the join-apply list's pending rows. */
  dropApplication(applyId: number): void
  setNoticeLoading(kind: NoticeListKind, loading: boolean): void
  putNoticePage<K extends NoticeListKind>(kind: K, rows: NoticeRow<K>[], total: number, pageNum: number): void
  patchNoticeRow(kind: 'joinApply' | 'myApply', applyId: number, patch: Partial<GroupApplication>): void
}

const emptyList = <T>(): NoticeListState<T> => ({ rows: [], total: 0, pageNum: 0, loading: false })

export const emptyMemberList = (): MemberListState => ({ members: [], total: 0, pageNum: 0, loading: false, failed: false })

export const groupsInitial = {
  groupInfos: {},
  groupMembers: {},
  pendingApplications: {},
  groupNoticeLists: { joinApply: emptyList(), myApply: emptyList(), others: emptyList() },
  groupChangeCounts: {},
} satisfies Partial<GroupsSlice>

const memberID = (m: Pick<GroupMember, 'wtId' | 'userId'>) => m.wtId || m.userId

export const createGroupsSlice: StateCreator<AppState, [], [], GroupsSlice> = (set) => ({
  ...groupsInitial,
  noteGroupChange: (groupNumber) =>
    set((s) => ({ groupChangeCounts: { ...s.groupChangeCounts, [groupNumber]: (s.groupChangeCounts[groupNumber] ?? 0) + 1 } })),
  setGroupInfo: (info) => set((s) => ({ groupInfos: { ...s.groupInfos, [info.groupNumber]: info } })),
  patchGroupInfo: (groupNumber, patch) =>
    set((s) => {
      const held = s.groupInfos[groupNumber]
      return held ? { groupInfos: { ...s.groupInfos, [groupNumber]: { ...held, ...patch } } } : {}
    }),
  forgetGroup: (groupNumber) =>
    set((s) => {
      const { [groupNumber]: _info, ...groupInfos } = s.groupInfos
      const { [groupNumber]: _members, ...groupMembers } = s.groupMembers
      const { [groupNumber]: _apps, ...pendingApplications } = s.pendingApplications
      return { groupInfos, groupMembers, pendingApplications }
    }),
  setMembersLoading: (groupNumber, loading, failed = false) =>
    set((s) => {
      const held = s.groupMembers[groupNumber] ?? emptyMemberList()
      return { groupMembers: { ...s.groupMembers, [groupNumber]: { ...held, loading, failed } } }
    }),
  putMemberPage: (groupNumber, rows, total, pageNum) =>
    set((s) => {
      const held = s.groupMembers[groupNumber] ?? emptyMemberList()
      let members = rows
      if (pageNum > 1) {
        const ids = new Set(held.members.map(memberID))
        members = [...held.members, ...rows.filter((m) => !ids.has(memberID(m)))]
      }
      return { groupMembers: { ...s.groupMembers, [groupNumber]: { members, total, pageNum, loading: false, failed: false } } }
    }),
  patchMembers: (groupNumber, wtIds, patch) =>
    set((s) => {
      const held = s.groupMembers[groupNumber]
      if (!held) return {}
      const ids = new Set(wtIds)
      const members = held.members.map((m) => (ids.has(memberID(m)) ? { ...m, ...patch } : m))
      return { groupMembers: { ...s.groupMembers, [groupNumber]: { ...held, members } } }
    }),
  removeMembers: (groupNumber, wtIds) =>
    set((s) => {
      const held = s.groupMembers[groupNumber]
      if (!held) return {}
      const ids = new Set(wtIds)
      const members = held.members.filter((m) => !ids.has(memberID(m)))
      const removed = held.members.length - members.length
      return { groupMembers: { ...s.groupMembers, [groupNumber]: { ...held, members, total: Math.max(0, held.total - removed) } } }
    }),
  setPendingApplications: (groupNumber, list) => set((s) => ({ pendingApplications: { ...s.pendingApplications, [groupNumber]: list } })),
  dropApplication: (applyId) =>
    set((s) => {
      const pendingApplications: Record<string, GroupApplication[]> = {}
      for (const [group, list] of Object.entries(s.pendingApplications)) pendingApplications[group] = list.filter((a) => a.applyId !== applyId)
      return { pendingApplications }
    }),
  setNoticeLoading: (kind, loading) =>
    set((s) => ({ groupNoticeLists: { ...s.groupNoticeLists, [kind]: { ...s.groupNoticeLists[kind], loading } } })),
  putNoticePage: (kind, rows, total, pageNum) =>
    set((s) => {
      const held = s.groupNoticeLists[kind]
      // Spec 4: a page above 1 appends, page 1 replaces.
      const merged = pageNum > 1 ? [...held.rows, ...rows] : rows
      return { groupNoticeLists: { ...s.groupNoticeLists, [kind]: { rows: merged, total, pageNum, loading: false } } }
    }),
  patchNoticeRow: (kind, applyId, patch) =>
    set((s) => {
      const held = s.groupNoticeLists[kind]
      const rows = held.rows.map((r) => (r.applyId === applyId ? { ...r, ...patch } : r))
      return { groupNoticeLists: { ...s.groupNoticeLists, [kind]: { ...held, rows } } }
    }),
})
