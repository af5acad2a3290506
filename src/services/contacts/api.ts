import type { ComplaintAddBody, DictType } from '@shared/complaint'
import type { ApplyBody, ApplyHandleBody, ContactCustomMsg, SpaceStatusBody } from '@shared/friends'
import { accountRoutes } from '@shared/routes/account'
import { contactRoutes } from '@shared/routes/contacts'
import { miscRoutes } from '@shared/routes/misc'
import type { CallOptions, RouteClient } from '../api/client'

const quiet: CallOptions = { silent: true }

export type ContactsApi = ReturnType<typeof createContactsApi>

/**
 * The contacts endpoints of spec section 7 ("Login and user", "Friends and tags", "Misc"), one
 * function per call, typed from the route table (types/routes).
 */
export function createContactsApi(api: RouteClient) {
  // ---- users ----

  const friendInfo = (searchId: string, options?: CallOptions) => api.call(accountRoutes.friendInfo, { searchId }, options)

  const sendContactMessage = (fromWtId: string, toWtId: string, type: ContactCustomMsg) =>
    api.call(accountRoutes.sendCustomMessage, { fromWtId, toWtId, type }, { silent: true })

  const commonGroups = (wtId: string) => api.call(contactRoutes.commonGroups, { wtId })

  // ---- friends ----

  const friendList = () => api.call(contactRoutes.friendList)

  const applyFriend = (body: ApplyBody) => api.call(contactRoutes.apply, body)

  const handleApplication = (body: ApplyHandleBody) => api.call(contactRoutes.handleApplication, body)

  /** Received applications, newest first; reading them marks them read. */
  const applicationList = () => api.call(contactRoutes.applicationList)

  const applicationUnread = () => api.call(contactRoutes.applicationUnread)

  /** Errors are the caller's to word (the profile and the list use different toasts). */
  const updateRemark = (friendsWtId: string, remark: string) => api.call(contactRoutes.updateRemark, { friendsWtId, remark }, { silent: true })

  const deleteFriend = (friendsWtId: string) => api.call(contactRoutes.deleteFriend, { friendsWtId })

  const updateSpaceStatus = (body: SpaceStatusBody) => api.call(contactRoutes.updateSpaceStatus, body)

  // ---- blacklist ----

  const addToBlacklist = (friendWtId: string) => api.call(contactRoutes.blacklistAdd, { friendWtId })

  const removeFromBlacklist = (friendWtId: string) => api.call(contactRoutes.blacklistRemove, { friendWtId })

  const blacklist = () => api.call(contactRoutes.blacklist)

  // ---- tags (errors are worded by the caller: spec 8 '修改标签失败，请重试') ----

  const tagList = () => api.call(contactRoutes.tagList)

  /** My tags, with tagStatus 1 on those the user carries. */
  const tagsOfUser = (wtId: string) => api.call(contactRoutes.tagsOfUser, { wtId })

  const setUserTags = (friendsWtId: string, tagIds: number[]) => api.call(contactRoutes.setUserTags, { friendsWtId, tagIds }, quiet)

  const tagMembers = (id: number) => api.call(contactRoutes.tagMembers, { id })

  const addTag = (tagName: string) => api.call(contactRoutes.addTag, { tagName }, quiet)

  const addTagMembers = (tagId: number, wtIds: string[]) => api.call(contactRoutes.addTagMembers, { tagId, wtIds }, quiet)

  const deleteTags = (ids: number[]) => api.call(contactRoutes.deleteTags, { ids }, quiet)

  const removeTagMembers = (tagId: number, wtIds: string[]) => api.call(contactRoutes.removeTagMembers, { tagId, wtIds }, quiet)

  const renameTag = (tagId: number, tagName: string) => api.call(contactRoutes.renameTag, { tagId, tagName }, quiet)

  // ---- reports ----

  const dictList = (dictType: DictType) => api.call(miscRoutes.dictList, { dictType })

  const addComplaint = (body: ComplaintAddBody) => api.call(miscRoutes.complaint, body, quiet)
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
