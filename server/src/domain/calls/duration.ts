import { CALL_LIMITS, callStepOf, type CallSignal } from '../../../../types/call.js'
import { MsgType, type OutgoingMessage } from '../../../../types/chat.js'

/**
 * The seconds a call record carries (data.call_end), from the time the call was connected on
 * the server (data/calls/live.ts CONNECTED_FOR, on the database's clock): whole seconds, 0 for a
 * call that never connected (null), at most what a call message may carry. Every record of a
 * call's length goes through it: a one-to-one call's hang up, the one a logout writes, and a
 * group call's summary.
 */
export function connectedSeconds(elapsed: number | null): number {
  if (elapsed === null || !Number.isFinite(elapsed)) return 0
  return Math.min(CALL_LIMITS.callEndMaxSeconds, Math.max(0, Math.floor(elapsed)))
}

/**
 * Whether the call message is a one-to-one call's duration record (the card readers show as
 * 通话时长): its call_end is the server's to write. A group member's own hang up shows nothing
 * (the server writes the group's summary); cancel, reject and timeout records carry no duration.
 */
export const carriesDuration = (signal: CallSignal): boolean => !signal.groupID && callStepOf(signal) === 'hangup'

/** The call message with `seconds` as its data.call_end; everything else as the sender wrote it. */
export function withCallEnd(message: OutgoingMessage, seconds: number): OutgoingMessage {
  if (message.type !== MsgType.Custom) return message
  const signal = JSON.parse(message.payload.data) as { data: Record<string, unknown> }
  const data = JSON.stringify({ ...signal, data: { ...signal.data, call_end: seconds } })
  return { ...message, payload: { ...message.payload, data } }
}
