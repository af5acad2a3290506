import type { AppContext } from '../../context.js'
import { answerMentions } from '../bots/answer.js'
import type { Posted } from '../bots/webhook.js'
import type { MessageRow } from '../../domain/messages.js'
import { pushMessage } from './messages.js'
import { publishEffects } from './groups.js'

/** A robot's stored message to the group's online members (the group names the audience, as for a large group). */
export async function publishRobotPost(ctx: AppContext, posted: Posted): Promise<void> {
  await pushMessage(ctx, posted.row, posted.ref, [], null)
}

/** Runs the outgoing robots a committed group message mentions, then publishes their answers and tips. */
export async function answerRobotMentions(ctx: AppContext, groupId: string, row: MessageRow): Promise<void> {
  const { replies, effects } = await answerMentions(ctx, groupId, row)
  for (const posted of replies) await publishRobotPost(ctx, posted)
  await publishEffects(ctx, effects)
}
