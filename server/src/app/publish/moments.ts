import { NoticeType } from '../../../../types/ws.js'
import { FEEDS_TOPIC, userTopic, type FeedsChange } from '../../bus/Bus.js'
import type { AppContext } from '../../context.js'
import { unreadNotices } from '../../data/moments/notices.js'

/** Socket type 2 to every device of each user: their unread moments notices as they stand now. */
export async function pushMomentsCount(ctx: AppContext, wtIds: Iterable<string>): Promise<void> {
  for (const wtId of new Set(wtIds)) {
    const count = await unreadNotices(ctx.db, wtId)
    await ctx.bus.publish(userTopic(wtId), { frame: { type: NoticeType.MomentsCount, count } })
  }
}

/**
 * A committed change may alter cached first feed pages: this process drops them now, every other
 * process when the bus brings the change (before this answer leaves, as far as the bus allows).
 */
export async function feedsChanged(ctx: Pick<AppContext, 'bus' | 'firstPages'>, change: FeedsChange): Promise<void> {
  ctx.firstPages.drop(change)
  await ctx.bus.publish(FEEDS_TOPIC, { feeds: change })
}
