import type { AppContext } from '../../context.js'
import { secondsSince } from '../../ops/metrics.js'
import { afterCallMessage } from '../calls/signals.js'
import { answerHelperText } from '../helper.js'
import type { SocketSend } from '../messages/send.js'
import { answerRobotMentions } from './bots.js'
import { pushMessage } from './messages.js'

/**
 * Publishes what a send from a socket recorded (app/messages/send.ts), after its acknowledgement:
 * the push, then a call message's next steps, then the robots' and the helper's answers. The
 * pushes are best-effort; the message is stored and acknowledged already.
 */
export async function publishSend(ctx: AppContext, me: string, device: string, out: Extract<SocketSend, { kind: 'sent' }>): Promise<void> {
  const fx = out.effects
  if (fx.deliver) {
    const fanoutStarted = performance.now()
    // A message stored in another's name (a callee's hang up, the caller's record) is theirs to
    // every device, this one too: the ack is only this side's view of it.
    const own = fx.deliver.message.sender === me
    await pushMessage(ctx, fx.deliver.message, fx.deliver.ref, fx.deliver.recipients, own ? device : null, own ? out.acked : undefined, fx.deliver.memberVersion)
    ctx.metrics.fanout.observe(secondsSince(fanoutStarted))
  }
  if (fx.call) await afterCallMessage(ctx, me, fx.call)
  if (fx.robotsOf !== null) {
    // A callback may take seconds: the socket's next frames do not wait for it.
    void answerRobotMentions(ctx, fx.robotsOf, out.sent.message).catch((err: unknown) => ctx.log.warn({ err }, 'robot answer failed'))
  }
  if (fx.helperText !== null) {
    // The user's message is acknowledged already: a failed answer is logged, never a nack.
    await answerHelperText(ctx, me, out.sent.message.client_msg_id, fx.helperText).catch((err: unknown) => ctx.log.warn({ err }, 'helper answer failed'))
  }
}
