import type { AppContext } from '../../context.js'
import { messageAt } from '../../data/messages/rows.js'
import type { MessageRow } from '../../domain/messages.js'

/** The message at one sequence of a channel, as stored (no viewer's window applies). */
export const storedMessage = (ctx: Pick<AppContext, 'db'>, channelId: string, seq: number): Promise<MessageRow | null> => messageAt(ctx.db, channelId, seq)
