import { MOMENT_BATCH_MAX, type Moment, type MomentAddBody } from '@shared/moments'
import type { ServiceContext } from '../context'
import { createMomentsApi } from './api'

export type { MomentsApi } from './api'
export type MomentsService = ReturnType<typeof createMoments>

/**
 * Friends' moments: the feed and albums paged by 10 with their likes and comments loaded in one
 * batch per page, publishing, likes, comments, notices and the sidebar count (socket type 2).
 */
export function createMoments(ctx: ServiceContext) {
  const api = createMomentsApi(ctx.api)
  const state = ctx.state

  async function loadInteractions(moments: Moment[]): Promise<void> {
    if (!moments.length) return
    state().putInteractions(await api.interactionsBatch(moments.map((m) => m.id)))
  }

  /**
   * Page `pageNum` of the feed (owner '') or of one user's album. Page 1 replaces what is held,
   * which is also what pull-to-refresh does.
   */
  async function loadPage(owner: string, pageNum: number): Promise<void> {
    const list = owner ? 'momentAlbum' : 'momentFeed'
    if (state()[list].loading) return
    state().setMomentPageLoading(list, true)
    try {
      const page = await api.list({ pageNum, ...(owner ? { wtId: owner } : {}) })
      state().putMomentPage(list, owner, page.rows, page.total, pageNum)
      // The feed's first page shows the friends' new moments: the entry's dot has been answered.
      if (!owner && pageNum === 1) state().setFriendMoment(false)
      await loadInteractions(page.rows)
    } finally {
      if (state()[list].loading) state().setMomentPageLoading(list, false)
    }
  }

  /** The next page of the list, unless everything is held. */
  function loadMore(owner: string): Promise<void> {
    const page = owner ? state().momentAlbum : state().momentFeed
    if (page.owner === owner && page.pageNum > 0 && page.ids.length >= page.total) return Promise.resolve()
    return loadPage(owner, page.owner === owner ? page.pageNum + 1 : 1)
  }

  /** One moment with its likes and comments (the detail page); refused when the caller may not see it. */
  async function loadDetail(id: number): Promise<void> {
    const { commentsList, praiseList, groupList, minePraiseStatus, ...moment } = await api.info(id)
    state().putMoment(moment)
    state().putInteractions([{ id, commentsList, praiseList, groupList, minePraiseStatus }])
  }

  async function publish(body: MomentAddBody): Promise<Moment> {
    const moment = await api.publish(body)
    state().prependMoment(moment)
    state().putInteractions([{ id: moment.id, commentsList: [], praiseList: [], groupList: [], minePraiseStatus: 0 }])
    // The author's tags of a Tags/ExceptTags moment come with its interactions.
    if (body.tagIds?.length) await loadInteractions([moment])
    return moment
  }

  async function togglePraise(id: number): Promise<void> {
    const { minePraiseStatus, praiseList } = await api.praise(id)
    state().patchInteractions(id, { minePraiseStatus, praiseList })
  }

  /** A comment on the moment, or with `replyCommentId` a reply to that comment. */
  async function comment(friendsCircleId: number, content: string, replyCommentId: number | null = null): Promise<void> {
    const { commentsList } = await api.comment({ friendsCircleId, content, replyCommentId })
    state().patchInteractions(friendsCircleId, { commentsList })
  }

  async function removeComment(momentId: number, commentId: number): Promise<void> {
    const commentsList = await api.removeComment(commentId)
    state().patchInteractions(momentId, { commentsList })
  }

  async function removeMoment(id: number): Promise<void> {
    await api.remove(id)
    state().dropMoment(id)
  }

  /** A page of my notices; the server marks them read and sends the new count (type 2). */
  async function loadNotices(pageNum: number): Promise<void> {
    if (state().momentNotices.loading) return
    state().setMomentNoticesLoading(true)
    try {
      const page = await api.notices(pageNum)
      state().putMomentNoticePage(page.rows, page.total, pageNum)
      state().setMomentsCount(0)
    } finally {
      if (state().momentNotices.loading) state().setMomentNoticesLoading(false)
    }
  }

  async function clearNotices(): Promise<void> {
    await api.clearNotices()
    state().putMomentNoticePage([], 0, 1)
    state().setMomentsCount(0)
  }

  /**
   * Likes and comments of the newest moments on screen again: a new notice means someone liked
   * or commented on one of them, and the feed should show it without a pull.
   */
  async function reloadInteractions(ids: number[]): Promise<void> {
    if (!ids.length) return
    state().putInteractions(await api.interactionsBatch(ids.slice(0, MOMENT_BATCH_MAX)))
  }

  /** Type 2 only comes when the count changes, so it is read on every (re)connect. */
  async function refreshUnread(): Promise<void> {
    try {
      state().setMomentsCount((await api.unread()).count)
    } catch (err) {
      console.warn('reading the moments notice count failed', err)
    }
  }

  return { api, loadPage, loadMore, loadDetail, publish, togglePraise, comment, removeComment, removeMoment, loadNotices, clearNotices, refreshUnread, reloadInteractions }
}
