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
import type { ApiClient, CallOptions } from '../api/client'

const quiet: CallOptions = { silent: true }

export type ContactsApi = ReturnType<typeof createContactsApi>

/**
 * The contacts endpoints of spec section 7 ("Login and user", "Friends and tags", "Misc"), one
 * function per call, typed from types/friends.ts and types/complaint.ts.
 */
export function createContactsApi(api: ApiClient) {
  // ---- users ----

  const friendInfo = (searchId: string, options?: CallOptions): Promise<FriendInfoResult> =>
    api.post('/user/friendInfo', { searchId }, options)

  const sendContactMessage = (fromWtId: string, toWtId: string, type: ContactCustomMsg): Promise<null> =>
    api.post('/user/sendCustomMessage', { fromWtId, toWtId, type }, { silent: true })

  const commonGroups = (wtId: string): Promise<CommonGroup[]> => api.post('/user/groupchat/commonList', { wtId })

  // ---- friends ----

  const friendList = (): Promise<FriendListItem[]> => api.get('/userFriends/list')

  const applyFriend = (body: ApplyBody): Promise<null> => api.post('/userFriends/apply', body)

  const handleApplication = (body: ApplyHandleBody): Promise<null> => api.post('/userFriends/apply/handle', body)

  /** Received applications, newest first; reading them marks them read. */
  const applicationList = (): Promise<FriendApplication[]> => api.post('/userFriends/applyList')

  const applicationUnread = (): Promise<ApplyUnreadResult> => api.post('/userFriends/applyUnread')

  /** Errors are the caller's to word (the profile and the list use different toasts). */
  const updateRemark = (friendsWtId: string, remark: string): Promise<null> =>
    api.post('/userFriends/update', { friendsWtId, remark }, { silent: true })

  const deleteFriend = (friendsWtId: string): Promise<null> => api.post('/userFriends/delete', { friendsWtId })

  const updateSpaceStatus = (body: SpaceStatusBody): Promise<SpaceStatusResult> => api.post('/userFriends/updateSpaceStatus', body)

  // ---- blacklist ----

  const addToBlacklist = (friendWtId: string): Promise<BlackResult> => api.post('/user/friendBlack/add', { friendWtId })

  const removeFromBlacklist = (friendWtId: string): Promise<BlackResult> => api.post('/user/friendBlack/deleteByUserId', { friendWtId })

  const blacklist = (): Promise<BlacklistItem[]> => api.get('/user/friendBlack/list')

  // ---- tags (errors are worded by the caller: spec 8 '修改标签失败，请重试') ----

  const tagList = (): Promise<Tag[]> => api.get('/userTag/list')

  /** My tags, with tagStatus 1 on those the user carries. */
  const tagsOfUser = (wtId: string): Promise<Tag[]> => api.post('/userTag/initSetList', { wtId })

  const setUserTags = (friendsWtId: string, tagIds: number[]): Promise<null> => api.post('/userTag/setTag4User', { friendsWtId, tagIds }, quiet)

  const tagMembers = (id: number): Promise<FriendListItem[]> => api.post('/userTag/getUserList', { id })

  const addTag = (tagName: string): Promise<Tag> => api.post('/userTag/add', { tagName }, quiet)

  const addTagMembers = (tagId: number, wtIds: string[]): Promise<null> => api.post('/userTag/addUser4Tag', { tagId, wtIds }, quiet)

  const deleteTags = (ids: number[]): Promise<null> => api.post('/userTag/deleteBatch', { ids }, quiet)

  const removeTagMembers = (tagId: number, wtIds: string[]): Promise<null> => api.post('/userTag/deleteUser4Tag', { tagId, wtIds }, quiet)

  const renameTag = (tagId: number, tagName: string): Promise<null> => api.post('/userTag/rename', { tagId, tagName }, quiet)

  // ---- reports ----

  const dictList = (dictType: DictType): Promise<DictEntry[]> => api.post('/dict/data/getListByDictType', { dictType })

  const addComplaint = (body: ComplaintAddBody): Promise<ComplaintAddResult> => api.post('/complaint/add', body, quiet)

  return {
    friendInfo,
    sendContactMessage,
    commonGroups,
    friendList,
    applyFriend,
    handleApplication,
    applicationList,
    applicationUnread,
    updateRemark,
    deleteFriend,
    updateSpaceStatus,
    addToBlacklist,
    removeFromBlacklist,
    blacklist,
    tagList,
    tagsOfUser,
    setUserTags,
    tagMembers,
    addTag,
    addTagMembers,
    deleteTags,
    removeTagMembers,
    renameTag,
    dictList,
    addComplaint,
  }
}
