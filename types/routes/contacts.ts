import { z } from 'zod'
import {
  ApplyBody,
  ApplyHandleBody,
  ApplyUnreadResult,
  BlackBody,
  BlacklistItem,
  BlackResult,
  CommonGroup,
  CommonGroupsBody,
  FriendApplication,
  FriendDeleteBody,
  FriendListItem,
  FriendUpdateBody,
  InitSetListBody,
  SetTag4UserBody,
  SpaceStatusBody,
  SpaceStatusResult,
  Tag,
  TagAddBody,
  TagDeleteBatchBody,
  TagIdBody,
  TagRenameBody,
  TagUsersBody,
} from '../friends'
import { route } from './route'

const friends = z.array(FriendListItem)
const applications = z.array(FriendApplication)
const blacklist = z.array(BlacklistItem)
const tags = z.array(Tag)

/** Spec section 7 "Friends and tags": friends and applications, the blacklist, tags, common groups. */
export const contactRoutes = {
  friendList: route({ method: 'GET', path: '/userFriends/list', summary: 'Two-way friends', answer: friends }),
  friendListPost: route({ method: 'POST', path: '/userFriends/list', summary: 'Two-way friends', answer: friends }),
  apply: route({ method: 'POST', path: '/userFriends/apply', summary: 'Apply to become friends', body: ApplyBody, answer: z.null() }),
  handleApplication: route({ method: 'POST', path: '/userFriends/apply/handle', summary: 'Agree to or reject an application', body: ApplyHandleBody, answer: FriendApplication }),
  applicationList: route({ method: 'POST', path: '/userFriends/applyList', summary: 'Received applications, newest first (marks them read)', answer: applications }),
  applicationListGet: route({ method: 'GET', path: '/userFriends/applyList', summary: 'Received applications, newest first (marks them read)', answer: applications }),
  applicationUnread: route({ method: 'POST', path: '/userFriends/applyUnread', summary: 'Unread pending applications', answer: ApplyUnreadResult }),
  updateRemark: route({ method: 'POST', path: '/userFriends/update', summary: "A friend's remark", body: FriendUpdateBody, answer: z.null() }),
  updateSpaceStatus: route({ method: 'POST', path: '/userFriends/updateSpaceStatus', summary: 'Moments permissions with a friend', body: SpaceStatusBody, answer: SpaceStatusResult }),
  deleteFriend: route({ method: 'POST', path: '/userFriends/delete', summary: 'Unfriend both ways and delete the conversation', body: FriendDeleteBody, answer: z.null() }),
  blacklistAdd: route({ method: 'POST', path: '/user/friendBlack/add', summary: 'Blacklist a user', body: BlackBody, answer: BlackResult }),
  blacklistRemove: route({ method: 'POST', path: '/user/friendBlack/deleteByUserId', summary: 'Take a user off the blacklist', body: BlackBody, answer: BlackResult }),
  blacklist: route({ method: 'GET', path: '/user/friendBlack/list', summary: 'My blacklist, newest first', answer: blacklist }),
  blacklistPost: route({ method: 'POST', path: '/user/friendBlack/list', summary: 'My blacklist, newest first', answer: blacklist }),
  tagList: route({ method: 'GET', path: '/userTag/list', summary: 'My tags', answer: tags }),
  tagsOfUser: route({ method: 'POST', path: '/userTag/initSetList', summary: 'My tags, marking those a user carries', body: InitSetListBody, answer: tags }),
  setUserTags: route({ method: 'POST', path: '/userTag/setTag4User', summary: "Set a friend's tags", body: SetTag4UserBody, answer: z.null() }),
  tagMembers: route({ method: 'POST', path: '/userTag/getUserList', summary: 'Friends carrying a tag', body: TagIdBody, answer: friends }),
  addTag: route({ method: 'POST', path: '/userTag/add', summary: 'Create a tag', body: TagAddBody, answer: Tag }),
  addTagMembers: route({ method: 'POST', path: '/userTag/addUser4Tag', summary: 'Add friends to a tag', body: TagUsersBody, answer: z.null() }),
  removeTagMembers: route({ method: 'POST', path: '/userTag/deleteUser4Tag', summary: 'Remove friends from a tag', body: TagUsersBody, answer: z.null() }),
  deleteTags: route({ method: 'POST', path: '/userTag/deleteBatch', summary: 'Delete tags', body: TagDeleteBatchBody, answer: z.null() }),
  renameTag: route({ method: 'POST', path: '/userTag/rename', summary: 'Rename a tag', body: TagRenameBody, answer: z.null() }),
  commonGroups: route({ method: 'POST', path: '/user/groupchat/commonList', summary: 'Groups the caller and a user are both in', body: CommonGroupsBody, answer: z.array(CommonGroup) }),
}
