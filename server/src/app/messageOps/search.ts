import type { MessageSearchBody } from '../../../../types/messageOps.js'
import type { AppContext } from '../../context.js'
import { withReactions } from '../../data/messageOps/reactions.js'
import { searchConversation } from '../search/messages.js'
import { openWindow } from './access.js'

/** A search within one conversation of the user's, its messages with their reactions. */
export async function searchWithReactions(ctx: Pick<AppContext, 'db'>, me: string, body: MessageSearchBody) {
  const { window } = await openWindow(ctx.db, me, body.conversationID)
  return withReactions(ctx.db, window.channel_id, me, await searchConversation(ctx.db, me, body))
}
