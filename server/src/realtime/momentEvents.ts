import { NoticeType } from '../../../types/ws.js'
import { userTopic } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import { unreadNotices } from '../domain/moments/notices.js'

/** Socket type 2 to every device of each user: their unread moments notices as they stand now. */
export async function pushMomentsCount(ctx: AppContext, wtIds: Iterable<string>): Promise<void> {
  for (const wtId of new Set(wtIds)) {
    const count = await unreadNotices(ctx.db, wtId)
    await ctx.bus.publish(userTopic(wtId), { frame: { type: NoticeType.MomentsCount, count } })
  }
}
