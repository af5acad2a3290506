import { z } from 'zod'
import { paged } from '../envelope'
import {
  ActiveJoinBody,
  ActiveJoinResult,
  AdminSetBody,
  AuditBody,
  BatchMuteBody,
  CandidateListBody,
  EditSelfBody,
  GroupApplication,
  GroupBlackEntry,
  GroupCard,
  GroupCreateBody,
  GroupCreateResult,
  GroupEditBody,
  GroupInfo,
  GroupInfoAnswer,
  GroupListItem,
  GroupMember,
  GroupMemberCount,
  GroupMemberDetail,
  GroupNumberBody,
  GroupOtherNotice,
  GroupUnreadCounts,
  JoinApplyListBody,
  JoinLimitBody,
  JoinResult,
  JoinVerifyBody,
  ListByNameBody,
  MemberListBody,
  MemberOneBody,
  MembersBody,
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
} from '../group'
import { route } from './route'

const G = '/user/groupchat'
const N = '/user/groupNotice'

const memberPage = paged(GroupMember)
const applicationPage = paged(GroupApplication)
const groupList = z.array(GroupListItem)
/** Settings answer whether the value changed (false: it was already set). */
const changed = z.object({ changed: z.boolean() })
/** The user IDs a member change applied to. */
const userIds = z.array(z.string())

/** Spec section 7 "Groups": /api/user/groupchat/* and the group notice lists (docs/groups-api.md says who may call what). */
export const groupRoutes = {
  // Creating and reading
  create: route({ method: 'POST', path: `${G}/add`, summary: 'Create a group', body: GroupCreateBody, answer: GroupCreateResult }),
  list: route({ method: 'GET', path: `${G}/list`, summary: "The caller's groups", answer: groupList }),
  getInfoById: route({ method: 'POST', path: `${G}/getInfoById`, summary: 'The group as a member sees it, with its first members', body: GroupNumberBody, answer: GroupInfo }),
  info: route({ method: 'POST', path: `${G}/info`, summary: 'Notice, own membership and the group', body: GroupNumberBody, answer: GroupInfoAnswer }),
  getCardInfoById: route({ method: 'POST', path: `${G}/getCardInfoById`, summary: 'What anyone sees before joining', body: GroupNumberBody, answer: GroupCard }),
  listByName: route({ method: 'POST', path: `${G}/listByName`, summary: "The caller's groups matching a text", body: ListByNameBody, answer: groupList }),
  memberList: route({ method: 'POST', path: `${G}/member/list`, summary: 'Members, paged', body: MemberListBody, answer: memberPage }),
  memberOneInfo: route({ method: 'POST', path: `${G}/member/oneInfo`, summary: "One member's card", body: MemberOneBody, answer: GroupMemberDetail }),
  memberCount: route({ method: 'POST', path: `${G}/member/count`, summary: 'How many members', body: GroupNumberBody, answer: GroupMemberCount }),

  // Members
  batchInvite: route({ method: 'POST', path: `${G}/member/batchInvite`, summary: 'Invite users', body: MembersBody, answer: JoinResult }),
  remove: route({ method: 'POST', path: `${G}/member/remove`, summary: 'Remove members', body: MembersBody, answer: z.object({ removed: userIds }) }),
  quit: route({ method: 'POST', path: `${G}/member/quit`, summary: 'Leave the group', body: GroupNumberBody, answer: z.null() }),
  activeJoin: route({ method: 'POST', path: `${G}/member/activeJoin`, summary: 'Join, or apply to join', body: ActiveJoinBody, answer: ActiveJoinResult }),
  audit: route({ method: 'POST', path: `${G}/member/audit`, summary: 'Handle an application by its id', body: AuditBody, answer: z.null() }),
  joinVerify: route({ method: 'POST', path: `${G}/member/joinVerify`, summary: "Handle an applicant's pending application", body: JoinVerifyBody, answer: z.null() }),
  setTop: route({ method: 'POST', path: `${G}/member/setTop`, summary: 'Pin or unpin the group conversation', body: SetTopBody, answer: z.null() }),
  editSelf: route({ method: 'POST', path: `${G}/member/editGroup`, summary: 'Own group nickname and remark', body: EditSelfBody, answer: z.null() }),

  // Admins and ownership
  setAdmins: route({ method: 'POST', path: `${G}/admin/addOrRemove`, summary: 'Make members admins or members again', body: AdminSetBody, answer: z.object({ changed: userIds }) }),
  transfer: route({ method: 'POST', path: `${G}/transfer`, summary: 'Hand the group to another member', body: TransferBody, answer: z.null() }),
  dissolve: route({ method: 'POST', path: `${G}/remove`, summary: 'Dissolve the group', body: GroupNumberBody, answer: z.null() }),

  // Member blacklist
  blackList: route({ method: 'POST', path: `${G}/memberBlack/list`, summary: "The group's blacklist, paged", body: PagedGroupBody, answer: paged(GroupBlackEntry) }),
  blackAdd: route({ method: 'POST', path: `${G}/memberBlack/add`, summary: 'Blacklist members (they leave the group)', body: MembersBody, answer: z.object({ added: userIds }) }),
  blackRemove: route({ method: 'POST', path: `${G}/memberBlack/remove`, summary: 'Take users off the blacklist', body: MembersBody, answer: z.object({ removed: z.number().int() }) }),

  // Muting
  mutedList: route({ method: 'POST', path: `${G}/admin/getMutedList`, summary: 'Muted members, paged', body: CandidateListBody, answer: memberPage }),
  batchMuted: route({ method: 'POST', path: `${G}/admin/batchMuted`, summary: 'Mute members for a time (0 lifts it)', body: BatchMuteBody, answer: z.object({ muted: userIds }) }),

  // Settings
  edit: route({ method: 'POST', path: `${G}/edit`, summary: 'Change one group field', body: GroupEditBody, answer: changed }),
  setNotice: route({ method: 'POST', path: `${G}/admin/setNotice`, summary: "The chat screen's notice editor", body: SetNoticeBody, answer: changed }),
  setWelcomeMsg: route({ method: 'POST', path: `${G}/admin/setWelcomeMsg`, summary: 'The welcome message', body: WelcomeBody, answer: changed }),
  joinLimit: route({ method: 'POST', path: `${G}/admin/joinLimit`, summary: 'The level needed to join (0 turns it off)', body: JoinLimitBody, answer: changed }),

  // Candidate lists of the management screens
  addCandidates: route({ method: 'POST', path: `${G}/member/position/addList`, summary: 'Who can become admin', body: CandidateListBody, answer: memberPage }),
  removeCandidates: route({ method: 'POST', path: `${G}/member/position/removeList`, summary: 'Who is admin', body: CandidateListBody, answer: memberPage }),
  managerCandidates: route({ method: 'POST', path: `${G}/member/position/managerList`, summary: 'The owner and admins', body: CandidateListBody, answer: memberPage }),
  muteCandidates: route({ method: 'POST', path: `${G}/member/position/mutedList`, summary: 'Who can be muted', body: CandidateListBody, answer: memberPage }),

  // Revoking others' messages
  withdrawOne: route({ method: 'POST', path: `${G}/admin/withdrawMsg`, summary: "Revoke one member's message", body: WithdrawOneBody, answer: WithdrawResult }),
  withdrawByUser: route({ method: 'POST', path: `${G}/admin/withdrawWebMsgByUser`, summary: "Revoke a member's messages up to a sequence", body: WithdrawByUserBody, answer: WithdrawResult }),

  // Group notice lists
  joinApplyList: route({ method: 'POST', path: `${N}/joinApplyList`, summary: 'Applications to groups I manage, paged', body: JoinApplyListBody, answer: applicationPage }),
  myApplyList: route({ method: 'POST', path: `${N}/myApplyList`, summary: 'My own applications, paged', body: NoticeListBody, answer: applicationPage }),
  othersList: route({ method: 'POST', path: `${N}/othersList`, summary: 'What groups did to me, paged', body: NoticeListBody, answer: paged(GroupOtherNotice) }),
  noticeUnread: route({ method: 'GET', path: `${N}/unread`, summary: 'Unread counts of the three lists', answer: GroupUnreadCounts }),
  noticeRead: route({ method: 'POST', path: `${N}/read`, summary: 'Mark one list read', body: NoticeReadBody, answer: GroupUnreadCounts }),
}
