import type { Paged } from '@shared/envelope'
import type {
  ActiveJoinBody,
  ActiveJoinResult,
  AdminSetBody,
  AuditBody,
  BatchMuteBody,
  CandidateListBody,
  EditSelfBody,
  GroupBlackEntry,
  GroupApplication,
  GroupCard,
  GroupEditBody,
  GroupInfo,
  GroupInfoAnswer,
  GroupListItem,
  GroupMember,
  GroupMemberCount,
  GroupMemberDetail,
  GroupOtherNotice,
  GroupUnreadCounts,
  JoinLimitBody,
  JoinResult,
  JoinVerifyBody,
  ListByNameBody,
  MemberListBody,
  MemberOneBody,
  MembersBody,
  JoinApplyListBody,
  NoticeListBody,
  NoticeReadBody,
  PagedGroupBody,
  SetNoticeBody,
  SetTopBody,
  TransferBody,
  WelcomeBody,
  WithdrawByUserBody,
  WithdrawOneBody,
  WithdrawResult,
} from '@shared/group'
import type { ApiClient, CallOptions } from '../api/client'

const G = '/user/groupchat'
const N = '/user/groupNotice'

/** Paging fields have server defaults, so callers may leave them out. */
type Paging = 'pageNum' | 'pageSize' | 'keyword' | 'joinType' | 'applyMessage'
type Body<T> = Omit<T, Paging> & Partial<Pick<T, Extract<keyof T, Paging>>>

export type GroupApi = ReturnType<typeof createGroupApi>

/**
 * The group calls of spec section 7 "Groups", one function per path under /api/user/groupchat/
 * and /api/user/groupNotice/ (types/group.ts holds the bodies, docs/groups-api.md who may call
 * what). Failures reject with ApiError after the client's usual toast; pass {silent: true} where
 * the screen words the failure itself.
 */
export function createGroupApi(api: ApiClient) {
  const post = <T>(path: string, body: unknown, options?: CallOptions) => api.post<T>(path, body, options)

  return {
    // Reading
    list: () => api.get<GroupListItem[]>(`${G}/list`),
    getInfoById: (groupNumber: string, o?: CallOptions) => post<GroupInfo>(`${G}/getInfoById`, { groupNumber }, o),
    /** The spec's group info fetch whose path is not shown: data.groupNotice, selfMember, groupchatVo. */
    info: (groupNumber: string, o?: CallOptions) => post<GroupInfoAnswer>(`${G}/info`, { groupNumber }, o),
    getCardInfoById: (groupNumber: string, o?: CallOptions) => post<GroupCard>(`${G}/getCardInfoById`, { groupNumber }, o),
    listByName: (body: Body<ListByNameBody>) => post<GroupListItem[]>(`${G}/listByName`, body),
    memberList: (body: Body<MemberListBody>, o?: CallOptions) => post<Paged<GroupMember>>(`${G}/member/list`, body, o),
    /** The spec's member count fetch whose path is not shown. */
    memberCount: (groupNumber: string) => post<GroupMemberCount>(`${G}/member/count`, { groupNumber }),
    memberOneInfo: (body: MemberOneBody, o?: CallOptions) => post<GroupMemberDetail>(`${G}/member/oneInfo`, body, o),

    // Members
    batchInvite: (body: MembersBody, o?: CallOptions) => post<JoinResult>(`${G}/member/batchInvite`, body, o),
    remove: (body: MembersBody, o?: CallOptions) => post<null>(`${G}/member/remove`, body, o),
    quit: (groupNumber: string, o?: CallOptions) => post<null>(`${G}/member/quit`, { groupNumber }, o),
    activeJoin: (body: Body<ActiveJoinBody>, o?: CallOptions) => post<ActiveJoinResult>(`${G}/member/activeJoin`, body, o),
    audit: (body: AuditBody, o?: CallOptions) => post<null>(`${G}/member/audit`, body, o),
    joinVerify: (body: JoinVerifyBody, o?: CallOptions) => post<null>(`${G}/member/joinVerify`, body, o),
    setTop: (body: SetTopBody, o?: CallOptions) => post<null>(`${G}/member/setTop`, body, o),
    editSelf: (body: EditSelfBody, o?: CallOptions) => post<null>(`${G}/member/editGroup`, body, o),

    // Admins and ownership
    setAdmins: (body: AdminSetBody, o?: CallOptions) => post<null>(`${G}/admin/addOrRemove`, body, o),
    transfer: (body: TransferBody, o?: CallOptions) => post<null>(`${G}/transfer`, body, o),
    dissolve: (groupNumber: string, o?: CallOptions) => post<null>(`${G}/remove`, { groupNumber }, o),

    // Member blacklist
    blackList: (body: Body<PagedGroupBody>) => post<Paged<GroupBlackEntry>>(`${G}/memberBlack/list`, body),
    blackAdd: (body: MembersBody, o?: CallOptions) => post<null>(`${G}/memberBlack/add`, body, o),
    blackRemove: (body: MembersBody, o?: CallOptions) => post<null>(`${G}/memberBlack/remove`, body, o),

    // Muting
    mutedList: (body: Body<PagedGroupBody>) => post<Paged<GroupMember>>(`${G}/admin/getMutedList`, body),
    batchMuted: (body: BatchMuteBody, o?: CallOptions) => post<null>(`${G}/admin/batchMuted`, body, o),

    // Settings
    edit: (body: GroupEditBody, o?: CallOptions) => post<null>(`${G}/edit`, body, o),
    /** The chat screen's notice editor (3000 characters). */
    setNotice: (body: SetNoticeBody, o?: CallOptions) => post<null>(`${G}/admin/setNotice`, body, o),
    setWelcomeMsg: (body: WelcomeBody, o?: CallOptions) => post<null>(`${G}/admin/setWelcomeMsg`, body, o),
    joinLimit: (body: { groupNumber: string; limitLevel: number }, o?: CallOptions) => post<null>(`${G}/admin/joinLimit`, body satisfies Partial<JoinLimitBody>, o),

    // Candidate lists of the management screens
    addCandidates: (body: Body<CandidateListBody>, o?: CallOptions) => post<Paged<GroupMember>>(`${G}/member/position/addList`, body, o),
    removeCandidates: (body: Body<CandidateListBody>, o?: CallOptions) => post<Paged<GroupMember>>(`${G}/member/position/removeList`, body, o),
    managerCandidates: (body: Body<CandidateListBody>, o?: CallOptions) => post<Paged<GroupMember>>(`${G}/member/position/managerList`, body, o),
    muteCandidates: (body: Body<CandidateListBody>, o?: CallOptions) => post<Paged<GroupMember>>(`${G}/member/position/mutedList`, body, o),

    // Revoking others' messages
    withdrawOne: (body: WithdrawOneBody) => post<WithdrawResult>(`${G}/admin/withdrawMsg`, body),
    withdrawByUser: (body: WithdrawByUserBody) => post<WithdrawResult>(`${G}/admin/withdrawWebMsgByUser`, body),

    // Group notice lists
    joinApplyList: (body: Body<JoinApplyListBody>) => post<Paged<GroupApplication>>(`${N}/joinApplyList`, body),
    myApplyList: (body: Body<NoticeListBody>) => post<Paged<GroupApplication>>(`${N}/myApplyList`, body),
    othersList: (body: Body<NoticeListBody>) => post<Paged<GroupOtherNotice>>(`${N}/othersList`, body),
    noticeRead: (body: NoticeReadBody) => post<GroupUnreadCounts>(`${N}/read`, body),
    noticeUnread: () => api.get<GroupUnreadCounts>(`${N}/unread`, undefined, { silent: true }),
  }
}
