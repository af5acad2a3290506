import type { ComplaintAddBody, ComplaintAddResult, DictEntry, DictType } from '@shared/complaint'
import type {
  ApplyBody,
  ApplyHandleBody,
  ApplyUnreadResult,
  BlacklistItem,
  BlackResult,
  CommonGroup,
  ContactCustomMsg,
  FriendApplication,
  FriendInfoResult,
  FriendListItem,
  SpaceStatusBody,
  SpaceStatusResult,
  Tag,
} from '@shared/friends'
import { api, type CallOptions } from '../api/client'

/**
 * The contacts endpoints of spec section 7 ("Login and user", "Friends and tags", "Misc"), one
 * function per call, typed from types/friends.ts and types/complaint.ts.
 */

// ---- users ----

export const friendInfo = (searchId: string, options?: CallOptions): Promise<FriendInfoResult> =>
  api.post('/user/friendInfo', { searchId }, options)

export const sendContactMessage = (fromWtId: string, toWtId: string, type: ContactCustomMsg): Promise<null> =>
  api.post('/user/sendCustomMessage', { fromWtId, toWtId, type }, { silent: true })

export const commonGroups = (wtId: string): Promise<CommonGroup[]> => api.post('/user/groupchat/commonList', { wtId })

// ---- friends ----

export const friendList = (): Promise<FriendListItem[]> => api.get('/userFriends/list')

export const applyFriend = (body: ApplyBody): Promise<null> => api.post('/userFriends/apply', body)

export const handleApplication = (body: ApplyHandleBody): Promise<null> => api.post('/userFriends/apply/handle', body)

/** Received applications, newest first; reading them marks them read. */
export const applicationList = (): Promise<FriendApplication[]> => api.post('/userFriends/applyList')

export const applicationUnread = (): Promise<ApplyUnreadResult> => api.post('/userFriends/applyUnread')

/** Errors are the caller's to word (the profile and the list use different toasts). */
export const updateRemark = (friendsWtId: string, remark: string): Promise<null> =>
  api.post('/userFriends/update', { friendsWtId, remark }, { silent: true })

export const deleteFriend = (friendsWtId: string): Promise<null> => api.post('/userFriends/delete', { friendsWtId })

export const updateSpaceStatus = (body: SpaceStatusBody): Promise<SpaceStatusResult> => api.post('/userFriends/updateSpaceStatus', body)

// ---- blacklist ----

export const addToBlacklist = (friendWtId: string): Promise<BlackResult> => api.post('/user/friendBlack/add', { friendWtId })

export const removeFromBlacklist = (friendWtId: string): Promise<BlackResult> => api.post('/user/friendBlack/deleteByUserId', { friendWtId })

export const blacklist = (): Promise<BlacklistItem[]> => api.get('/user/friendBlack/list')

// ---- tags (errors are worded by the caller: spec 8 '修改标签失败，请重试') ----

const quiet: CallOptions = { silent: true }

export const tagList = (): Promise<Tag[]> => api.get('/userTag/list')

/** My tags, with tagStatus 1 on those the user carries. */
export const tagsOfUser = (wtId: string): Promise<Tag[]> => api.post('/userTag/initSetList', { wtId })

export const setUserTags = (friendsWtId: string, tagIds: number[]): Promise<null> => api.post('/userTag/setTag4User', { friendsWtId, tagIds }, quiet)

export const tagMembers = (id: number): Promise<FriendListItem[]> => api.post('/userTag/getUserList', { id })

export const addTag = (tagName: string): Promise<Tag> => api.post('/userTag/add', { tagName }, quiet)

export const addTagMembers = (tagId: number, wtIds: string[]): Promise<null> => api.post('/userTag/addUser4Tag', { tagId, wtIds }, quiet)

export const deleteTags = (ids: number[]): Promise<null> => api.post('/userTag/deleteBatch', { ids }, quiet)

export const removeTagMembers = (tagId: number, wtIds: string[]): Promise<null> => api.post('/userTag/deleteUser4Tag', { tagId, wtIds }, quiet)

export const renameTag = (tagId: number, tagName: string): Promise<null> => api.post('/userTag/rename', { tagId, tagName }, quiet)

// ---- reports ----

export const dictList = (dictType: DictType): Promise<DictEntry[]> => api.post('/dict/data/getListByDictType', { dictType })

export const addComplaint = (body: ComplaintAddBody): Promise<ComplaintAddResult> => api.post('/complaint/add', body, quiet)
