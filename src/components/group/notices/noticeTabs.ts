import type { GroupUnreadCounts, NoticeListKind } from '@shared/group'

/** The tabs of the group notifications, in order, each with the counter of its unread rows. */
export const NOTICE_TABS: ReadonlyArray<{ kind: NoticeListKind; label: string; counter: keyof GroupUnreadCounts }> = [
  { kind: 'joinApply', label: '入群申请', counter: 'joinApplyUnRead' },
  { kind: 'myApply', label: '我的申请', counter: 'selfApplyUnRead' },
  { kind: 'others', label: '其他通知', counter: 'otherUnRead' },
]

/** The tab the notifications open on: the first one with unread rows, else the first. */
export function openingNoticeTab(unread: GroupUnreadCounts): NoticeListKind {
  return (NOTICE_TABS.find((t) => unread[t.counter] > 0) ?? NOTICE_TABS[0]!).kind
}
