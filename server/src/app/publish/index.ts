import type { AppContext } from '../../context.js'
import { NoticeType } from '../../../../types/ws.js'
import { userTopic } from '../../bus/Bus.js'
import { kickSessions } from './sessions.js'
import { endCallsOf } from '../calls/signals.js'
import type { Effect, Effects, Outcome } from '../effects.js'
import { helperNotice } from '../helper.js'
import { pushFriendApply, pushFriendChange } from './contacts.js'
import { pushConversationGroups } from './conversationGroups.js'
import { publishEffects as publishGroupEffects } from './groups.js'
import { pushRevoked } from './messageOps.js'
import { pushConversation, pushMessage } from './messages.js'
import { feedsChanged, pushMomentsCount } from './moments.js'

async function publishOne(ctx: AppContext, e: Effect): Promise<void> {
  switch (e.kind) {
    case 'friendChange':
      return pushFriendChange(ctx, e.wtId, e.change, e.about, e.exceptSession)
    case 'friendApply':
      return pushFriendApply(ctx, e.wtId, e.application, e.exceptSession)
    case 'message':
      return pushMessage(ctx, e.sent.message, e.sent.ref, e.sent.recipients, null)
    case 'userFrame':
      await ctx.bus.publish(userTopic(e.wtId), { frame: e.frame, ...(e.exceptSession ? { exceptSession: e.exceptSession } : {}) })
      return
    case 'conversation':
      return pushConversation(ctx, e.wtId, e.conversationID, e.exceptSession)
    case 'conversationGroups':
      return pushConversationGroups(ctx, e.wtId, e.exceptSession)
    case 'feeds':
      return feedsChanged(ctx, e.change)
    case 'momentsCount':
      return pushMomentsCount(ctx, e.wtIds)
    case 'revoked':
      return pushRevoked(ctx, e.by, e.revoked)
    case 'helperNotice':
      await helperNotice(ctx, e.to, e.key, e.text).catch((err) => ctx.log.warn({ err, to: e.to, key: e.key }, 'helper notice not delivered'))
      return
    case 'kick':
      return kickSessions(ctx, e.wtId, e.sessions, e.msg, e.fatal ? NoticeType.FatalError : NoticeType.ForcedLogout)
    case 'endCalls':
      await endCallsOf(ctx, e.wtId).catch((err) => ctx.log.warn({ err, wtId: e.wtId }, 'ending the calls of a closed account failed'))
      return
  }
}

/**
 * The one publisher: HTTP routes and the socket handler alike hand it what a committed use case
 * recorded. The group effects go first, then the others in the order they happened.
 */
export async function publish(ctx: AppContext, fx: Effects): Promise<void> {
  await publishGroupEffects(ctx, fx)
  for (const e of fx.events) await publishOne(ctx, e)
}

/** Waits for a use case, publishes its effects, and hands back its answer. */
export async function settle<T>(ctx: AppContext, pending: Promise<Outcome<T>>): Promise<T> {
  const { value, effects } = await pending
  await publish(ctx, effects)
  return value
}
