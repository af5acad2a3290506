import { MsgType, type Message } from '@shared/chat'
import { TipOp, type GroupUnreadCounts } from '@shared/group'
import { isManager } from '@/domain/groups/permissions'
import type { ServiceContext } from '../context'
import type { createApplications } from './applications'
import type { GroupParts } from './context'
import type { createGroupInfo } from './info'

export interface GroupLiveDeps extends Pick<GroupParts, 'groupApi'> {
  applications: Pick<ReturnType<typeof createApplications>, 'loadPendingApplications'>
  groupInfo: Pick<ReturnType<typeof createGroupInfo>, 'applyGroupChange'>
}

export function createGroupLive({ me, state }: ServiceContext, { groupApi, applications, groupInfo }: GroupLiveDeps) {
  const { loadPendingApplications } = applications
  const { applyGroupChange } = groupInfo

  /**
   * Socket notice 4: the three counters are set; when join applications changed, the pending
   * lists of the groups this user manages on screen are fetched again (drawer and header badge).
   */
  function applyGroupUnread(counts: GroupUnreadCounts): void {
    const before = state().badges.groupNotice.joinApplyUnRead
    state().setGroupNoticeUnread(counts)
    if (counts.joinApplyUnRead === before) return
    for (const info of Object.values(state().groupInfos)) {
      if (isManager(info.selfMember.identity)) void loadPendingApplications(info.groupNumber)
    }
  }

  /** Socket notice 5. */
  function applyGroupChangeNotice(groupNumber: string, count: number, memberAvatars?: string[]): void {
    applyGroupChange(groupNumber, count, memberAvatars).catch((err: unknown) => console.warn('refreshing the group failed', err))
  }

  /**
   * A profile tip (op 6) carries the new name or avatar: the conversation's copy follows at once,
   * for every member, without asking the server.
   */
  function applyGroupTip(message: Message): void {
    if (message.type !== MsgType.GroupTip) return
    const op = Number(message.payload.operationType)
    if (op === TipOp.Mute) return applyMuteTip(message)
    if (op === TipOp.Kicked) return applyKickedTip(message)
    if (op !== TipOp.Profile) return
    const profile = message.payload.newGroupProfile
    const held = state().conversations[message.conversationID]?.groupProfile
    if (!profile || !held) return
    const patch: { name?: string; avatar?: string } = {}
    if (typeof profile.groupName === 'string') patch.name = profile.groupName
    if (typeof profile.groupAvatar === 'string') patch.avatar = profile.groupAvatar
    if (patch.name !== undefined || patch.avatar !== undefined) state().patchConversation(message.conversationID, { groupProfile: { ...held, ...patch } })
  }

  /**
   * A kicked tip (op 3) naming this user ends the membership here at once: the server's update of
   * the conversation (isMember false) follows, but the group change that comes with the tip would
   * otherwise read the group and its call first, and both answer 403 to someone no longer in it.
   */
  function applyKickedTip(message: Message): void {
    const ids = Array.isArray(message.payload.userIDList) ? message.payload.userIDList.map(String) : []
    const held = state().conversations[message.conversationID]?.groupProfile
    if (!held || !ids.includes(me())) return
    state().forgetGroup(held.groupNumber)
    state().patchConversation(message.conversationID, { groupProfile: { ...held, isMember: false } })
  }

  /**
   * A mute tip (op 7) changes who may speak; the server sends no group change for it, so the
   * held member rows and the reader's own mute follow the tip (muteTime seconds from the tip).
   */
  function applyMuteTip(message: Message): void {
    const groupNumber = state().conversations[message.conversationID]?.groupProfile?.groupNumber
    if (!groupNumber) return
    const ids = Array.isArray(message.payload.userIDList) ? message.payload.userIDList.map(String) : []
    const muteTime = Number(message.payload.muteTime ?? 0)
    const muteUntil = muteTime > 0 ? message.time + muteTime : 0
    state().patchMembers(groupNumber, ids, { muteUntil })
    const info = state().groupInfos[groupNumber]
    if (info && ids.includes(me())) state().patchGroupInfo(groupNumber, { selfMember: { ...info.selfMember, muteUntil } })
  }

  /**
   * The counters as they stand: notice 4 only comes when one changes, so they are read on every
   * (re)connect.
   */
  async function refreshGroupUnread(): Promise<void> {
    try {
      state().setGroupNoticeUnread(await groupApi.noticeUnread())
    } catch (err) {
      console.warn('reading the group notice counters failed', err)
    }
  }

  return { applyGroupUnread, applyGroupChangeNotice, applyGroupTip, refreshGroupUnread }
}
