import { MsgType, type Message } from '@shared/chat'
import { callStepFieldsOf, callStepOf, type CallStep } from '@shared/callSteps'

/**
 * The call step a chat message carries, read without the contract's schemas (types/callSteps.ts),
 * or null for any other message. What runs on every page uses it to tell call messages apart;
 * the call engine validates a signal (signalOf) before acting on it.
 */
export function callStepOfMessage(message: Pick<Message, 'type' | 'payload'>): CallStep | null {
  if (message.type !== MsgType.Custom) return null
  const fields = callStepFieldsOf(message.payload.data)
  return fields ? callStepOf(fields) : null
}
