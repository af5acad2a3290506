import type { ConversationGroupsFrame } from '../../../../types/frames.js'
import { userTopic } from '../../bus/Bus.js'
import type { AppContext } from '../../context.js'
import { listConversationGroups } from '../../data/conversationGroups.js'

/** The user's other devices get the new list at once, so their tabs match without a refetch. */
export async function pushConversationGroups(ctx: AppContext, wtId: string, exceptSession?: string) {
  const frame: ConversationGroupsFrame = { type: 'sessionGroups', groups: await listConversationGroups(ctx.db, wtId) }
  await ctx.bus.publish(userTopic(wtId), { frame, ...(exceptSession ? { exceptSession } : {}) })
}
