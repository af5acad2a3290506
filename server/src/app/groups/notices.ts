import type { Paged } from '../../../../types/envelope.js'
import type { GroupApplication, GroupOtherNotice, GroupUnreadCounts, JoinApplyListBody, NoticeListBody, NoticeListKind } from '../../../../types/group.js'
import type { AppContext } from '../../context.js'
import * as notices from '../../data/groups/notices.js'
import { runGroupChange } from './run.js'

/** The three group notice lists (/api/user/groupNotice), their counters, and marking a list read. */

type Ctx = Pick<AppContext, 'db'>

export const joinApplyList = (ctx: Ctx, me: string, page: JoinApplyListBody): Promise<Paged<GroupApplication>> => notices.joinApplyList(ctx.db, me, page)

export const myApplyList = (ctx: Ctx, me: string, page: NoticeListBody): Promise<Paged<GroupApplication>> => notices.myApplyList(ctx.db, me, page)

export const othersList = (ctx: Ctx, me: string, page: NoticeListBody): Promise<Paged<GroupOtherNotice>> => notices.othersList(ctx.db, me, page)

export const unreadCounts = (ctx: Ctx, me: string): Promise<GroupUnreadCounts> => notices.unreadCounts(ctx.db, me)

/** Opening a list marks it read; the reader's other devices get the new counters too. */
export const readNotices = (ctx: AppContext, me: string, list: NoticeListKind): Promise<GroupUnreadCounts> =>
  runGroupChange(ctx, async (q, fx) => {
    await notices.markNoticesRead(q, me, list)
    fx.counters.add(me)
    return notices.unreadCounts(q, me)
  })
