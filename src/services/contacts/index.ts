// The contacts actions screens call (contacts page, profile popups, report form). Import from here.
export * from './actions'
export { bindContacts, reloadApplications, reloadBlacklist, reloadFriends, reloadTags, unbindContacts } from './sync'
export {
  commonGroups,
  dictList,
  friendInfo,
  sendContactMessage,
  tagMembers,
  tagsOfUser,
} from './api'
