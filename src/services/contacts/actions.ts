import { ComplaintTarget, ComplaintText, type ComplaintAddBody } from '@shared/complaint'
import {
  BlackStatus,
  ContactCustomMsg,
  ContactText,
  HandleStatus,
  ApplyStatus,
  type ApplyBody,
  type SpaceStatus,
  type SpaceStatusResult,
} from '@shared/friends'
import type { GroupListItem } from '@shared/group'
import { isApiError } from '../api/errors'
import { currentRouteName, navigate } from '@/router/navigation'
import type { ChatService } from '../chat'
import type { ServiceContext } from '../context'
import type { ContactsApi } from './api'
import type { createContactLists } from './sync'

export interface NameCard {
  userId: string
  nickName: string
  avatar: string
}

/** Spec 2 'recommended': the toast after a name card has gone to the chosen friends. */
export const RECOMMENDED_TEXT = '已推荐'

export interface ReportInput {
  target: { id: string; type: ComplaintTarget }
  complaintType: string
  complaintDetail: string
  imageUrls: readonly string[]
  /** User reports only: also blacklist the user. */
  alsoBlock: boolean
}

export interface ContactActionDeps {
  contactsApi: ContactsApi
  lists: Pick<ReturnType<typeof createContactLists>, 'reloadBlacklist' | 'reloadFriends' | 'reloadTags'>
  chat: Pick<ChatService, 'closeConversation' | 'openConversation' | 'sendCustom' | 'searchById'>
}

/**
 * What the contacts screens do, with the toasts of spec section 8. Every action resolves true
 * only when the server answered code 200 (the api client rejects anything else).
 */
export function createContactActions({ engine, state, toast }: ServiceContext, { contactsApi, lists, chat }: ContactActionDeps) {
  const { reloadBlacklist, reloadFriends, reloadTags } = lists

  async function attempt(action: () => Promise<unknown>, ok: string | null, failed: string | null): Promise<boolean> {
    try {
      await action()
      if (ok) toast.success(ok)
      return true
    } catch (err) {
      // Calls that are not silent have shown the server's words already.
      if (failed) toast.error(failed)
      else if (!isApiError(err)) console.warn('contacts action failed', err)
      return false
    }
  }

  /**
   * The contacts custom messages go into the chat through the server (POST sendCustomMessage),
   * which checks that they match the relation. Deleting a friend sends none: it deletes the
   * conversation, and a new message would bring it straight back.
   */
  async function announce(toWtId: string, type: ContactCustomMsg): Promise<void> {
    const me = state().user?.wtId
    if (!me) return
    try {
      await contactsApi.sendContactMessage(me, toWtId, type)
    } catch (err) {
      console.warn('contacts notice not sent', type, err)
    }
  }

  // ---- applications ----

  /** '申请已发送' once the server has it; a refusal shows the server's reason. */
  function sendApplication(body: ApplyBody): Promise<boolean> {
    return attempt(() => contactsApi.applyFriend(body), ContactText.ApplySent, null)
  }

  async function acceptApplication(applyWtId: string): Promise<boolean> {
    const ok = await attempt(() => contactsApi.handleApplication({ applyWtId, handleStatus: HandleStatus.Agree }), null, null)
    if (!ok) return false
    state().setApplicationStatus(applyWtId, ApplyStatus.Agreed)
    await reloadFriends()
    // The chat opens with the spec's addFriend notice (spec 3 custom messages).
    await announce(applyWtId, ContactCustomMsg.AddFriend)
    return true
  }

  async function rejectApplication(applyWtId: string): Promise<boolean> {
    const ok = await attempt(() => contactsApi.handleApplication({ applyWtId, handleStatus: HandleStatus.Reject }), null, null)
    if (ok) state().setApplicationStatus(applyWtId, ApplyStatus.Rejected)
    return ok
  }

  // ---- remarks, tags, moments permissions ----

  /** Spec 8: '修改成功'; on failure '修改备注失败，请重试' in the profile, '修改失败，请重试' elsewhere. */
  async function saveFriendRemark(wtId: string, remark: string, where: 'profile' | 'list'): Promise<boolean> {
    const failed = where === 'profile' ? ContactText.ProfileRemarkFailed : ContactText.UpdateFailed
    const ok = await attempt(() => contactsApi.updateRemark(wtId, remark.trim()), ContactText.UpdateOk, failed)
    if (ok) state().patchFriend(wtId, { remark: remark.trim() })
    return ok
  }

  /**
   * The tags a friend carries, replaced by tagIds plus new tags made from newTagNames:
   * '修改成功' or '修改标签失败，请重试'.
   */
  async function saveUserTags(wtId: string, tagIds: number[], newTagNames: string[] = []): Promise<boolean> {
    const ok = await attempt(
      async () => {
        const ids = [...tagIds]
        for (const name of newTagNames) ids.push((await contactsApi.addTag(name.trim())).id)
        await contactsApi.setUserTags(wtId, ids)
      },
      ContactText.UpdateOk,
      ContactText.TagFailed,
    )
    if (ok) await Promise.all([reloadFriends(), reloadTags()])
    return ok
  }

  async function tagAction(action: () => Promise<unknown>): Promise<boolean> {
    const ok = await attempt(action, ContactText.UpdateOk, ContactText.TagFailed)
    if (ok) await Promise.all([reloadTags(), reloadFriends()])
    return ok
  }

  const createTag = (tagName: string, wtIds: string[] = []) =>
    tagAction(async () => {
      const created = await contactsApi.addTag(tagName.trim())
      if (wtIds.length > 0) await contactsApi.addTagMembers(created.id, wtIds)
    })
  const renameTag = (tagId: number, tagName: string) => tagAction(() => contactsApi.renameTag(tagId, tagName.trim()))
  const deleteTag = (tagId: number) => tagAction(() => contactsApi.deleteTags([tagId]))
  const addTagMembers = (tagId: number, wtIds: string[]) => tagAction(() => contactsApi.addTagMembers(tagId, wtIds))
  const removeTagMember = (tagId: number, wtId: string) => tagAction(() => contactsApi.removeTagMembers(tagId, [wtId]))

  /** Who sees whose moments: friendsSpaceStatus (theirs, for me) or mineSpaceStatus (mine, for them). */
  async function setSpaceStatus(
    friendsWtId: string,
    flag: 'friendsSpaceStatus' | 'mineSpaceStatus',
    value: SpaceStatus,
  ): Promise<SpaceStatusResult | null> {
    try {
      const result = await contactsApi.updateSpaceStatus({ friendsWtId, [flag]: value })
      toast.success(ContactText.UpdateOk)
      return result
    } catch {
      return null
    }
  }

  // ---- blacklist and deleting ----

  /** ownerBlackStatus 0 → 1 ('已拉黑对方') or 1 → 0 ('取消拉黑成功'); null when the server refused. */
  async function setBlacklisted(wtId: string, on: boolean): Promise<BlackStatus | null> {
    try {
      const result = on ? await contactsApi.addToBlacklist(wtId) : await contactsApi.removeFromBlacklist(wtId)
      toast.success(on ? ContactText.BlackAdded : ContactText.BlackRemoved)
      if (on) void announce(wtId, ContactCustomMsg.AddBlack)
      void reloadBlacklist()
      return result.ownerBlackStatus
    } catch {
      return null
    }
  }

  /**
   * Deletes the friend (both directions). The server clears this user's history with them, takes
   * the conversation out of the archive and deletes it; the same happens here at once.
   */
  async function removeFriend(wtId: string): Promise<boolean> {
    const ok = await attempt(() => contactsApi.deleteFriend(wtId), ContactText.FriendDeleted, null)
    if (!ok) return false
    const conversationID = `C2C${wtId}`
    const s = state()
    if (s.activeConversationID === conversationID) chat.closeConversation()
    s.removeConversation(conversationID)
    s.dropMessages(conversationID)
    s.removeFriend(wtId)
    void reloadTags()
    return true
  }

  // ---- name cards ----

  /** Recommend to friend: a nameCard custom message (spec 3) into each chosen friend's chat. */
  async function sendNameCard(card: NameCard, toWtIds: readonly string[]): Promise<void> {
    const data = { type: 'nameCard', userId: card.userId, nickName: card.nickName, avatar: card.avatar }
    await Promise.all(toWtIds.map((id) => chat.sendCustom(`C2C${id}`, data, '[个人名片]')))
    toast.success(RECOMMENDED_TEXT)
  }

  // ---- reports ----

  /** '感谢你的反馈，我们会尽快核实', or '举报失败，请重试'. */
  async function submitReport(input: ReportInput): Promise<boolean> {
    const body: ComplaintAddBody = {
      complaintDetail: input.complaintDetail.trim(),
      complaintImage: input.imageUrls.join(','),
      complaintType: input.complaintType,
      targetId: input.target.id,
      type: input.target.type,
    }
    const ok = await attempt(() => contactsApi.addComplaint(body), ComplaintText.Thanks, ComplaintText.Failed)
    if (ok && input.alsoBlock && input.target.type === ComplaintTarget.User) await setBlacklisted(input.target.id, true)
    return ok
  }

  // ---- navigation ----

  /**
   * 'send message': /messages with that conversation open (spec 2). From another page it is
   * opened over that page, so the chat's way back returns to it (the contact's card).
   */
  async function goToChat(wtId: string): Promise<void> {
    const conversationID = `C2C${wtId}`
    state().closeProfile()
    if (currentRouteName() === 'messages') await chat.openConversation(conversationID)
    else await navigate('messages', { conversationID })
  }

  /** The groups the user is in (the 群聊 entry of the contacts page). */
  function myGroups(): Promise<GroupListItem[]> {
    return engine().getGroupList()
  }

  /** Users by ID or phone and groups by number (spec 7 searchById), for 'add friend/group'. */
  const searchById = (query: string) => chat.searchById(query)

  return {
    sendApplication,
    acceptApplication,
    rejectApplication,
    saveFriendRemark,
    saveUserTags,
    createTag,
    renameTag,
    deleteTag,
    addTagMembers,
    removeTagMember,
    setSpaceStatus,
    setBlacklisted,
    removeFriend,
    sendNameCard,
    submitReport,
    goToChat,
    myGroups,
    searchById,
  }
}
