import { GROUP_NOTICE_LIST_PAGE_SIZE, type NoticeListKind } from '@shared/group'
import type { ServiceContext } from '../context'
import type { GroupParts } from './context'

export function createNotices({ state }: ServiceContext, { groupApi }: Pick<GroupParts, 'groupApi'>) {
  const fetchers = {
    joinApply: groupApi.joinApplyList,
    myApply: groupApi.myApplyList,
    others: groupApi.othersList,
  } as const

  /** A page of 20 of one notice list; page 1 replaces what is held, later pages append (spec 4). */
  async function loadNoticePage(kind: NoticeListKind, pageNum = 1): Promise<void> {
    state().setNoticeLoading(kind, true)
    try {
      const page = await fetchers[kind]({ pageNum, pageSize: GROUP_NOTICE_LIST_PAGE_SIZE })
      state().putNoticePage(kind, page.rows as never[], page.total, pageNum)
    } catch (err) {
      // Spec 8: fetch failures of lists are logged only.
      console.warn('loading group notices failed', kind, err)
      state().setNoticeLoading(kind, false)
    }
  }

  /** The next page, when the list is not fully loaded (its length equals the total). */
  function loadMoreNotices(kind: NoticeListKind): Promise<void> {
    const held = state().groupNoticeLists[kind]
    if (held.loading || held.rows.length >= held.total) return Promise.resolve()
    return loadNoticePage(kind, held.pageNum + 1)
  }

  /** Opening a list marks it read; the server answers the three counters. */
  async function markNoticesRead(kind: NoticeListKind): Promise<void> {
    try {
      state().setGroupNoticeUnread(await groupApi.noticeRead({ list: kind }))
    } catch (err) {
      console.warn('marking group notices read failed', err)
    }
  }

  return { loadNoticePage, loadMoreNotices, markNoticesRead }
}
