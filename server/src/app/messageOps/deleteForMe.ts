import type { AppContext } from '../../context.js'
import { conversationState, messagesAt } from '../../data/conversations.js'
import { deleteForUser } from '../../data/messageOps/deletions.js'
import { checkDeletable } from '../../domain/messageOps/deleteForMe.js'
import { notFound } from '../../domain/refusal.js'

/** Deletes messages for this user only, all or nothing; answers the sequences, in order. */
export async function deleteForMe(ctx: Pick<AppContext, 'db'>, me: string, conversationID: string, sequences: number[]): Promise<number[]> {
  const state = await conversationState(ctx.db, me, conversationID)
  if (!state) throw notFound('会话不存在')
  const wanted = [...new Set(sequences)]
  checkDeletable(me, wanted, await messagesAt(ctx.db, me, state, wanted))
  await deleteForUser(ctx.db, me, state.channel_id, wanted)
  return wanted.sort((a, b) => a - b)
}
