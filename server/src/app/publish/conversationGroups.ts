import type { SessionGroupsFrame } from '../../../../types/frames.js'
import { userTopic } from '../../bus/Bus.js'
import type { AppContext } from '../../context.js'
import { listConversationGroups } from '../../data/conversationGroups.js'

/** The user's other devices get the new list at once, so their tabs match without a refetch. */
export async function pushSessionGroups(ctx: AppContext, wtId: string, exceptSession?: string) {
  const frame: SessionGroupsFrame = { type: 'sessionGroups', groups: await listConversationGroups(ctx.db, wtId) }
  await ctx.bus.publish(userTopic(wtId), { frame, ...(exceptSession ? { exceptSession } : {}) })
}
