import { CallSignal, looksLikeCallSignal } from '../../../../types/call.js'
import { MsgType, type OutgoingMessage } from '../../../../types/chat.js'
import { badRequest } from '../refusal.js'

/**
 * The call signal a message carries: a custom message whose data names the call business.
 * Every other message gets null from the message alone, so an ordinary send never reaches the
 * call rules or their queries. Call data that does not parse is refused.
 */
export function callSignalOf(message: OutgoingMessage): CallSignal | null {
  if (message.type !== MsgType.Custom || !looksLikeCallSignal(message.payload.data)) return null
  const parsed = CallSignal.safeParse(JSON.parse(message.payload.data))
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw badRequest(`payload.data.${issue?.path.join('.') || 'call'}: ${issue?.message ?? '格式不正确'}`)
}
