import { ApplyStatus, GROUP_MEMBER_PAGE_MAX, GroupText, HandleAction, JoinType, type GroupApplication, type GroupCard } from '@shared/group'
import type { ChatService } from '../chat'
import type { ServiceContext } from '../context'
import { reasonOf, type GroupParts } from './context'
import { GroupToast } from './texts'

const SILENT = { silent: true } as const

/** How many pages of 100 the drawer reads at most: a group with more waiting is handled in turns. */
export const PENDING_PAGE_LIMIT = 5

export interface ApplicationDeps extends Pick<GroupParts, 'groupApi'> {
  chat: Pick<ChatService, 'openConversation' | 'reloadConversations'>
}

export function createApplications({ state, toast }: ServiceContext, { groupApi, chat }: ApplicationDeps) {

  /**
   * The join applications of one group still waiting for an admin (the drawer and the header
   * badge). The server filters by group and lists pending ones first, so pages are read until one
   * holds a handled application or the list ends.
   */
  async function loadPendingApplications(groupNumber: string): Promise<GroupApplication[]> {
    try {
      const pending: GroupApplication[] = []
      for (let pageNum = 1; pageNum <= PENDING_PAGE_LIMIT; pageNum++) {
        const page = await groupApi.joinApplyList({ groupNumber, pageNum, pageSize: GROUP_MEMBER_PAGE_MAX })
        const waiting = page.rows.filter((a) => a.applyStatus === ApplyStatus.Pending)
        pending.push(...waiting)
        if (waiting.length < page.rows.length || page.rows.length < GROUP_MEMBER_PAGE_MAX || pageNum * GROUP_MEMBER_PAGE_MAX >= page.total) break
      }
      state().setPendingApplications(groupNumber, pending)
      return pending
    } catch (err) {
      console.warn('loading applications failed', err)
      return state().pendingApplications[groupNumber] ?? []
    }
  }

  /** Agree or Reject (the chat engine's handleAction). Resolves true when the server took it. */
  async function handleApplication(application: GroupApplication, action: HandleAction): Promise<boolean> {
    try {
      await groupApi.audit({ applyId: application.applyId, handleAction: action }, SILENT)
    } catch (err) {
      toast.error(reasonOf(err, GroupToast.operationFailed))
      return false
    }
    const applyStatus = action === HandleAction.Agree ? ApplyStatus.Agreed : ApplyStatus.Rejected
    state().patchNoticeRow('joinApply', application.applyId, { applyStatus })
    return true
  }

  /** Removes a handled row from the drawer (after its 150 ms exit). */
  function dropApplication(applyId: number): void {
    state().dropApplication(applyId)
  }

  /** What a non-member sees of a group before joining; null when there is no such group. */
  async function loadGroupCard(groupNumber: string): Promise<GroupCard | null> {
    try {
      return await groupApi.getCardInfoById(groupNumber, SILENT)
    } catch (err) {
      toast.error(reasonOf(err, GroupText.GroupNotFound))
      return null
    }
  }

  /**
   * Applies to join (joinType 3 after a search by number, 1 after a QR scan). A group with free
   * access lets the user in at once and its chat opens; otherwise the application waits.
   */
  async function applyToJoin(groupNumber: string, joinType: 1 | 3 = JoinType.Search, applyMessage = ''): Promise<'joined' | 'pending' | null> {
    let status: 'joined' | 'pending'
    try {
      ;({ status } = await groupApi.activeJoin({ groupNumber, joinType, applyMessage }, SILENT))
    } catch (err) {
      toast.error(reasonOf(err, GroupToast.operationFailed))
      return null
    }
    if (status === 'pending') {
      toast.success(GroupToast.applySent)
      return status
    }
    toast.success(GroupToast.joined)
    await chat.reloadConversations()
    const conversation = Object.values(state().conversations).find((c) => c.groupProfile?.groupNumber === groupNumber)
    if (conversation) await chat.openConversation(conversation.conversationID)
    return status
  }

  return { loadPendingApplications, handleApplication, dropApplication, loadGroupCard, applyToJoin }
}
