// The group actions screens call. Import from here.
export { groupApi } from './api'
export { applyToJoin, dropApplication, handleApplication, loadGroupCard, loadPendingApplications } from './applications'
export { conversationOfGroup, groupNumberOf } from './context'
export { pinConversation } from './pin'
export {
  applyGroupChange,
  clearGroupHistory,
  dissolveGroup,
  editGroupField,
  editSelf,
  loadGroupInfo,
  quitGroup,
  setJoinLevel,
  setWelcomeMessage,
  transferOwner,
} from './info'
export {
  blacklistMembers,
  inviteMembers,
  loadBlacklist,
  loadCandidates,
  loadMembers,
  loadMoreMembers,
  loadMutedMembers,
  memberDetail,
  muteMembers,
  reloadMembers,
  removeMembers,
  searchMembers,
  setAdmins,
  unblacklistMembers,
  type CandidateKind,
} from './members'
export { loadMoreNotices, loadNoticePage, markNoticesRead } from './notices'
export { GroupToast } from './texts'
