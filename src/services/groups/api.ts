import { groupRoutes as G } from '@shared/routes/groups'
import type { BodyOf } from '@shared/routes/route'
import type { CallOptions, RouteClient } from '../api/client'

/** The body a route takes; paging fields have server defaults, so callers may leave them out. */
type In<K extends keyof typeof G> = BodyOf<(typeof G)[K]>

export type GroupApi = ReturnType<typeof createGroupApi>

/**
 * The group calls of spec section 7 "Groups", one function per route of the table's group area
 * (types/routes/groups.ts; docs/groups-api.md says who may call what). Failures reject with
 * ApiError after the client's usual toast; pass {silent: true} where the screen words the
 * failure itself.
 */
export function createGroupApi(api: RouteClient) {
  return {
    // Reading
    list: () => api.call(G.list),
    getInfoById: (groupNumber: string, o?: CallOptions) => api.call(G.getInfoById, { groupNumber }, o),
    /** The spec's group info fetch whose path is not shown: data.groupNotice, selfMember, groupchatVo. */
    info: (groupNumber: string, o?: CallOptions) => api.call(G.info, { groupNumber }, o),
    getCardInfoById: (groupNumber: string, o?: CallOptions) => api.call(G.getCardInfoById, { groupNumber }, o),
    listByName: (body: In<'listByName'>) => api.call(G.listByName, body),
    memberList: (body: In<'memberList'>, o?: CallOptions) => api.call(G.memberList, body, o),
    /** The spec's member count fetch whose path is not shown. */
    memberCount: (groupNumber: string) => api.call(G.memberCount, { groupNumber }),
    memberOneInfo: (body: In<'memberOneInfo'>, o?: CallOptions) => api.call(G.memberOneInfo, body, o),

    // Members
    batchInvite: (body: In<'batchInvite'>, o?: CallOptions) => api.call(G.batchInvite, body, o),
    remove: (body: In<'remove'>, o?: CallOptions) => api.call(G.remove, body, o),
    quit: (groupNumber: string, o?: CallOptions) => api.call(G.quit, { groupNumber }, o),
    activeJoin: (body: In<'activeJoin'>, o?: CallOptions) => api.call(G.activeJoin, body, o),
    audit: (body: In<'audit'>, o?: CallOptions) => api.call(G.audit, body, o),
    joinVerify: (body: In<'joinVerify'>, o?: CallOptions) => api.call(G.joinVerify, body, o),
    setTop: (body: In<'setTop'>, o?: CallOptions) => api.call(G.setTop, body, o),
    editSelf: (body: In<'editSelf'>, o?: CallOptions) => api.call(G.editSelf, body, o),

    // Admins and ownership
    setAdmins: (body: In<'setAdmins'>, o?: CallOptions) => api.call(G.setAdmins, body, o),
    transfer: (body: In<'transfer'>, o?: CallOptions) => api.call(G.transfer, body, o),
    dissolve: (groupNumber: string, o?: CallOptions) => api.call(G.dissolve, { groupNumber }, o),

    // Member blacklist
    blackList: (body: In<'blackList'>) => api.call(G.blackList, body),
    blackAdd: (body: In<'blackAdd'>, o?: CallOptions) => api.call(G.blackAdd, body, o),
    blackRemove: (body: In<'blackRemove'>, o?: CallOptions) => api.call(G.blackRemove, body, o),

    // Muting
    mutedList: (body: In<'mutedList'>) => api.call(G.mutedList, body),
    batchMuted: (body: In<'batchMuted'>, o?: CallOptions) => api.call(G.batchMuted, body, o),

    // Settings
    edit: (body: In<'edit'>, o?: CallOptions) => api.call(G.edit, body, o),
    /** The chat screen's notice editor (3000 characters). */
    setNotice: (body: In<'setNotice'>, o?: CallOptions) => api.call(G.setNotice, body, o),
    setWelcomeMsg: (body: In<'setWelcomeMsg'>, o?: CallOptions) => api.call(G.setWelcomeMsg, body, o),
    joinLimit: (body: { groupNumber: string; limitLevel: number }, o?: CallOptions) => api.call(G.joinLimit, body, o),

    // Candidate lists of the management screens
    addCandidates: (body: In<'addCandidates'>, o?: CallOptions) => api.call(G.addCandidates, body, o),
    removeCandidates: (body: In<'removeCandidates'>, o?: CallOptions) => api.call(G.removeCandidates, body, o),
    managerCandidates: (body: In<'managerCandidates'>, o?: CallOptions) => api.call(G.managerCandidates, body, o),
    muteCandidates: (body: In<'muteCandidates'>, o?: CallOptions) => api.call(G.muteCandidates, body, o),

    // Revoking others' messages
    withdrawOne: (body: In<'withdrawOne'>) => api.call(G.withdrawOne, body),
    withdrawByUser: (body: In<'withdrawByUser'>) => api.call(G.withdrawByUser, body),

    // Group notice lists
    joinApplyList: (body: In<'joinApplyList'>) => api.call(G.joinApplyList, body),
    myApplyList: (body: In<'myApplyList'>) => api.call(G.myApplyList, body),
    othersList: (body: In<'othersList'>) => api.call(G.othersList, body),
    noticeRead: (body: In<'noticeRead'>) => api.call(G.noticeRead, body),
    noticeUnread: () => api.call(G.noticeUnread, undefined, { silent: true }),
  }
}
