import type { ComplaintAddBody, DictType } from '@shared/complaint'
import type { ApplyBody, ApplyHandleBody, ContactCustomMsg, SpaceStatusBody } from '@shared/friends'
import { accountRoutes } from '@shared/routes/account'
import { contactRoutes } from '@shared/routes/contacts'
import { miscRoutes } from '@shared/routes/misc'
import { api, type CallOptions } from '../api/client'

/**
 * The contacts endpoints of spec section 7 ("Login and user", "Friends and tags", "Misc"), one
 * function per call, typed from the route table (types/routes).
 */

// ---- users ----

export const friendInfo = (searchId: string, options?: CallOptions) => api.call(accountRoutes.friendInfo, { searchId }, options)

export const sendContactMessage = (fromWtId: string, toWtId: string, type: ContactCustomMsg) =>
  api.call(accountRoutes.sendCustomMessage, { fromWtId, toWtId, type }, { silent: true })

export const commonGroups = (wtId: string) => api.call(contactRoutes.commonGroups, { wtId })

// ---- friends ----

export const friendList = () => api.call(contactRoutes.friendList)

export const applyFriend = (body: ApplyBody) => api.call(contactRoutes.apply, body)

export const handleApplication = (body: ApplyHandleBody) => api.call(contactRoutes.handleApplication, body)

/** Received applications, newest first; reading them marks them read. */
export const applicationList = () => api.call(contactRoutes.applicationList)

export const applicationUnread = () => api.call(contactRoutes.applicationUnread)

/** Errors are the caller's to word (the profile and the list use different toasts). */
export const updateRemark = (friendsWtId: string, remark: string) => api.call(contactRoutes.updateRemark, { friendsWtId, remark }, { silent: true })

export const deleteFriend = (friendsWtId: string) => api.call(contactRoutes.deleteFriend, { friendsWtId })

export const updateSpaceStatus = (body: SpaceStatusBody) => api.call(contactRoutes.updateSpaceStatus, body)

// ---- blacklist ----

export const addToBlacklist = (friendWtId: string) => api.call(contactRoutes.blacklistAdd, { friendWtId })

export const removeFromBlacklist = (friendWtId: string) => api.call(contactRoutes.blacklistRemove, { friendWtId })

export const blacklist = () => api.call(contactRoutes.blacklist)

// ---- tags (errors are worded by the caller: spec 8 '修改标签失败，请重试') ----

const quiet: CallOptions = { silent: true }

export const tagList = () => api.call(contactRoutes.tagList)

/** My tags, with tagStatus 1 on those the user carries. */
export const tagsOfUser = (wtId: string) => api.call(contactRoutes.tagsOfUser, { wtId })

export const setUserTags = (friendsWtId: string, tagIds: number[]) => api.call(contactRoutes.setUserTags, { friendsWtId, tagIds }, quiet)

export const tagMembers = (id: number) => api.call(contactRoutes.tagMembers, { id })

export const addTag = (tagName: string) => api.call(contactRoutes.addTag, { tagName }, quiet)

export const addTagMembers = (tagId: number, wtIds: string[]) => api.call(contactRoutes.addTagMembers, { tagId, wtIds }, quiet)

export const deleteTags = (ids: number[]) => api.call(contactRoutes.deleteTags, { ids }, quiet)

export const removeTagMembers = (tagId: number, wtIds: string[]) => api.call(contactRoutes.removeTagMembers, { tagId, wtIds }, quiet)

export const renameTag = (tagId: number, tagName: string) => api.call(contactRoutes.renameTag, { tagId, tagName }, quiet)

// ---- reports ----

export const dictList = (dictType: DictType) => api.call(miscRoutes.dictList, { dictType })

export const addComplaint = (body: ComplaintAddBody) => api.call(miscRoutes.complaint, body, quiet)
