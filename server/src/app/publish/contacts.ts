import type { FriendApplyFrame, FriendChangeFrame } from '../../../../types/frames.js'
import type { FriendApplication, FriendChangeKind } from '../../../../types/friends.js'
import { userTopic } from '../../bus/Bus.js'
import type { AppContext } from '../../context.js'
import { unreadApplications } from '../../data/friendApplications.js'
import { feedsChanged } from './moments.js'

/** A new application (or only a new unread count) for every device of the receiver. */
export async function pushFriendApply(ctx: AppContext, wtId: string, application: FriendApplication | null, exceptSession?: string) {
  const frame: FriendApplyFrame = { type: 'friendApply', application, unreadCount: await unreadApplications(ctx.db, wtId) }
  await ctx.bus.publish(userTopic(wtId), { frame, ...(exceptSession ? { exceptSession } : {}) })
}

/**
 * Tells a user's devices that their friend list changed with respect to `about`. Every change of
 * a friendship, remark, space flag, blacklist entry or tag comes here, and each may alter what
 * the moments feed shows either of the two: their cached first pages go.
 */
export async function pushFriendChange(ctx: AppContext, wtId: string, change: FriendChangeKind, about: string, exceptSession?: string) {
  await feedsChanged(ctx, { viewers: about ? [wtId, about] : [wtId] })
  const frame: FriendChangeFrame = { type: 'friendChange', change, wtId: about }
  await ctx.bus.publish(userTopic(wtId), { frame, ...(exceptSession ? { exceptSession } : {}) })
}
