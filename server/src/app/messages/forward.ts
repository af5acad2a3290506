import type { ForwardBody } from '../../../../types/messageOps.js'
import { conversationState, messagesAt } from '../../data/conversations.js'
import { senderBanned } from '../../data/messages/sendRules.js'
import { findUserById } from '../../data/users.js'
import { parseConversationId } from '../../domain/conversationIds.js'
import { SendFailure, type SendResult } from '../../domain/messages.js'
import { bannedSender, checkForwardable, checkForwardText, forwardBodies, forwardCopy } from '../../domain/messageOps/forward.js'
import { notFound } from '../../domain/refusal.js'
import { newEffects, outcome, record, type Outcome } from '../effects.js'
import { sendMessage, type SendContext } from './sendMessage.js'

export interface Forwarded {
  sent: SendResult[]
  results: Array<{ conversationID: string; sent: number; code: number; msg: string }>
}

/**
 * Forwards messages the caller can see to other conversations, read top to bottom:
 * 1. the source is the user's conversation and every chosen message lies in what they may read
 *    (data/conversations.ts);
 * 2. the rules (domain/messageOps/forward.ts): content messages only; a banned sender hears
 *    20012 first, as on every other send path; then the word lists over everything the forward
 *    carries, merged records included: a sensitive word stops the whole forward with 80001;
 * 3. the content is read from the store, never taken from the client: one merged record (titled
 *    with the forwarder's name, data/users.ts), or a copy of each message;
 * 4. each copy is sent under the ordinary send rules of its target (sendMessage.ts: membership,
 *    mutes, blacklist…); a target's refusal stops that target only and is answered in `results`;
 * 5. the effects: every stored copy to everyone who should see it, every device of the forwarder
 *    included (the forward answers with a summary only).
 */
export async function forwardMessages(ctx: SendContext, me: string, body: ForwardBody): Promise<Outcome<Forwarded>> {
  const source = parseConversationId(me, body.conversationID)
  const state = source && (await conversationState(ctx.db, me, body.conversationID))
  if (!source || !state) throw notFound('会话不存在')
  const rows = await messagesAt(ctx.db, me, state, [...new Set(body.sequences)])
  checkForwardable(rows, new Set(body.sequences).size)
  if (await senderBanned(ctx.db, me)) throw bannedSender()
  checkForwardText(ctx.moderation, rows)
  const myNick = (await findUserById(ctx.db, me))?.nick_name ?? me
  const bodies = forwardBodies(body, source, myNick, rows)
  const sent: SendResult[] = []
  const results: Forwarded['results'] = []
  for (const target of [...new Set(body.targets)]) {
    let count = 0
    let code = 200
    let msg = ''
    for (const b of bodies) {
      try {
        sent.push(await sendMessage(ctx, me, forwardCopy(b, target)))
        count++
      } catch (err) {
        if (!(err instanceof SendFailure)) throw err
        code = err.code
        msg = err.message
        break
      }
    }
    results.push({ conversationID: target, sent: count, code, msg })
  }
  const fx = record(newEffects(), ...sent.filter((s) => s.created).map((s) => ({ kind: 'message' as const, sent: s })))
  return outcome({ sent, results }, fx)
}
