import type { GroupEditKey, GroupInfo } from '@shared/group'
import type { ChatService } from '../chat'
import type { ServiceContext } from '../context'
import { reasonOf, type GroupParts } from './context'
import type { createMembers } from './members'
import { groupProfileChange } from './groupProfileChange'
import { GroupToast } from './texts'

const SILENT = { silent: true } as const

type EditValue<K extends GroupEditKey> = GroupInfo[K]

export interface GroupInfoDeps extends GroupParts {
  chat: Pick<ChatService, 'closeConversation' | 'deleteConversation' | 'openConversation' | 'reloadConversations'>
  members: Pick<ReturnType<typeof createMembers>, 'reloadMembers'>
}

export function createGroupInfo({ engine, state, toast }: ServiceContext, { groupApi, helpers, chat, members }: GroupInfoDeps) {
  const { actWithToasts, conversationOfGroup } = helpers
  const { reloadMembers } = members

  /** Fetches the group as this member sees it into the store; null when it could not be read. */
  async function loadGroupInfo(groupNumber: string): Promise<GroupInfo | null> {
    try {
      const info = await groupApi.getInfoById(groupNumber, SILENT)
      state().setGroupInfo(info)
      syncConversationProfile(info)
      return info
    } catch (err) {
      console.warn('loading the group failed', groupNumber, err)
      return null
    }
  }

  /**
   * Socket notice 5: a group changed (members, roles, profile, settings). The conversation's member
   * count is set at once; the info and the first member page are fetched again where a screen
   * holds them.
   */
  async function applyGroupChange(groupNumber: string, count: number, memberAvatars?: string[]): Promise<void> {
    state().noteGroupChange(groupNumber)
    // Count 0: the group was dissolved; the conversation is fetched again (with isMember false).
    if (count === 0) {
      state().forgetGroup(groupNumber)
      await chat.reloadConversations()
      return
    }
    const conversationID = conversationOfGroup(groupNumber)
    const profile = conversationID ? state().conversations[conversationID]?.groupProfile : null
    if (conversationID && profile) {
      const patch = groupProfileChange(profile, count, memberAvatars)
      if (patch) state().patchConversation(conversationID, { groupProfile: { ...profile, ...patch } })
    }
    // Someone removed from the group is told of the change too; there is nothing left to read.
    if (profile?.isMember === false) return
    if (state().groupInfos[groupNumber]) await loadGroupInfo(groupNumber)
    if (state().groupMembers[groupNumber]) await reloadMembers(groupNumber)
  }

  /**
   * Changes one group field (edit: groupNumber plus one key). Sends nothing when the value is the
   * one held; resolves true when the change was saved.
   */
  async function editGroupField<K extends GroupEditKey>(groupNumber: string, key: K, value: EditValue<K>, options: { quiet?: boolean } = {}): Promise<boolean> {
    const held = state().groupInfos[groupNumber]
    if (held && held[key] === value) return true
    try {
      await groupApi.edit({ groupNumber, [key]: value } as Parameters<typeof groupApi.edit>[0], SILENT)
    } catch (err) {
      toast.error(reasonOf(err, GroupToast.modifyFailed))
      return false
    }
    state().patchGroupInfo(groupNumber, { [key]: value } as Partial<GroupInfo>)
    if (key === 'groupName' || key === 'groupAvatar') patchConversationProfile(groupNumber, key === 'groupName' ? { name: String(value) } : { avatar: String(value) })
    if (!options.quiet) toast.success(GroupToast.modifyOk)
    return true
  }

  /** The chat header and the list show the conversation's copy of the profile: it follows the group's. */
  function syncConversationProfile(info: GroupInfo): void {
    const conversationID = conversationOfGroup(info.groupNumber)
    const profile = conversationID ? state().conversations[conversationID]?.groupProfile : null
    if (!conversationID || !profile) return
    if (profile.name === info.groupName && profile.avatar === info.groupAvatar && profile.memberCount === info.groupMemberCount) return
    state().patchConversation(conversationID, { groupProfile: { ...profile, name: info.groupName, avatar: info.groupAvatar, memberCount: info.groupMemberCount } })
  }

  function patchConversationProfile(groupNumber: string, patch: { name?: string; avatar?: string }): void {
    const conversationID = conversationOfGroup(groupNumber)
    const profile = conversationID ? state().conversations[conversationID]?.groupProfile : null
    if (conversationID && profile) state().patchConversation(conversationID, { groupProfile: { ...profile, ...patch } })
  }

  async function saveWith(call: () => Promise<unknown>, patch: Partial<GroupInfo>, groupNumber: string): Promise<boolean> {
    try {
      await call()
    } catch (err) {
      toast.error(reasonOf(err, GroupToast.modifyFailed))
      return false
    }
    state().patchGroupInfo(groupNumber, patch)
    toast.success(GroupToast.modifyOk)
    return true
  }

  function setWelcomeMessage(groupNumber: string, groupWelcomeMsg: string): Promise<boolean> {
    if (state().groupInfos[groupNumber]?.groupWelcomeMsg === groupWelcomeMsg) return Promise.resolve(true)
    return saveWith(() => groupApi.setWelcomeMsg({ groupNumber, groupWelcomeMsg }, SILENT), { groupWelcomeMsg }, groupNumber)
  }

  /** Level 1-200, or 0 to turn the limit off. */
  function setJoinLevel(groupNumber: string, limitLevel: number): Promise<boolean> {
    if (state().groupInfos[groupNumber]?.limitLevel === limitLevel) return Promise.resolve(true)
    return saveWith(() => groupApi.joinLimit({ groupNumber, limitLevel }, SILENT), { limitLevel }, groupNumber)
  }

  /** Own group nickname or group remark ('' clears it). */
  function editSelf(groupNumber: string, field: 'groupNickname' | 'groupNameRemark', value: string): Promise<boolean> {
    const held = state().groupInfos[groupNumber]
    if (held && held.selfMember[field] === value) return Promise.resolve(true)
    const patch: Partial<GroupInfo> = held ? { selfMember: { ...held.selfMember, [field]: value }, ...(field === 'groupNameRemark' ? { groupNameRemark: value } : { groupNickname: value }) } : {}
    return saveWith(() => groupApi.editSelf({ groupNumber, [field]: value }, SILENT), patch, groupNumber)
  }

  /** Makes someone else owner; the toast is 'transfer succeeded' or the server's reason. */
  async function transferOwner(groupNumber: string, wtId: string): Promise<boolean> {
    try {
      await groupApi.transfer({ groupNumber, wtId }, SILENT)
    } catch (err) {
      toast.error(reasonOf(err, GroupToast.operationFailed))
      return false
    }
    toast.success(GroupToast.transferOk)
    await loadGroupInfo(groupNumber)
    return true
  }

  /** The leave banner takes over once the server's update of the conversation arrives (isMember false). */
  async function leave(groupNumber: string, call: () => Promise<unknown>, ok: string, failed: string): Promise<boolean> {
    if (!(await actWithToasts(call, ok, failed))) return false
    state().forgetGroup(groupNumber)
    const conversationID = conversationOfGroup(groupNumber)
    if (conversationID) {
      const profile = state().conversations[conversationID]?.groupProfile
      if (profile) state().patchConversation(conversationID, { groupProfile: { ...profile, isMember: false } })
    }
    void chat.reloadConversations()
    return true
  }

  function dissolveGroup(groupNumber: string): Promise<boolean> {
    return leave(groupNumber, () => groupApi.dissolve(groupNumber, SILENT), GroupToast.dissolveOk, GroupToast.dissolveFailed)
  }

  /** 删除并退出: leaves the group; the conversation stays with the leave banner until deleted. */
  function quitGroup(groupNumber: string): Promise<boolean> {
    return leave(groupNumber, () => groupApi.quit(groupNumber, SILENT), GroupToast.quitOk, GroupToast.quitFailed)
  }

  /** Empties the chat for this user and shows it again, empty. */
  async function clearGroupHistory(conversationID: string): Promise<boolean> {
    const wasOpen = state().activeConversationID === conversationID
    try {
      await chat.deleteConversation(conversationID, true)
      state().upsertConversation(await engine().openConversation(conversationID))
    } catch (err) {
      console.warn('clearing the history failed', err)
      toast.error(GroupToast.clearFailed)
      return false
    }
    if (wasOpen) {
      chat.closeConversation()
      await chat.openConversation(conversationID)
    }
    toast.success(GroupToast.clearOk)
    return true
  }

  return {
    loadGroupInfo,
    applyGroupChange,
    editGroupField,
    setWelcomeMessage,
    setJoinLevel,
    editSelf,
    transferOwner,
    dissolveGroup,
    quitGroup,
    clearGroupHistory,
  }
}
