import type { GroupUnreadCounts } from '@shared/group'
import { isManager } from '@/components/group/rules/permissions'
import { loadPendingApplications } from './applications'
import { state } from './context'
import { applyGroupChange } from './info'

/**
 * Socket notice 4: the three counters are set; when join applications changed, the pending
 * lists of the groups this user manages on screen are fetched again (drawer and header badge).
 */
export function applyGroupUnread(counts: GroupUnreadCounts): void {
  const before = state().badges.groupNotice.joinApplyUnRead
  state().setGroupNoticeUnread(counts)
  if (counts.joinApplyUnRead === before) return
  for (const info of Object.values(state().groupInfos)) {
    if (isManager(info.selfMember.identity)) void loadPendingApplications(info.groupNumber)
  }
}

/** Socket notice 5. */
export function applyGroupChangeNotice(groupNumber: string, count: number): void {
  applyGroupChange(groupNumber, count).catch((err: unknown) => console.warn('refreshing the group failed', err))
}
