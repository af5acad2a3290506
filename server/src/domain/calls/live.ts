import { CallAction, callStepOf, type CallSignal } from '../../../../types/call.js'

/** A connected call with no keep-alive for this long is treated as gone (both browsers closed). */
export const CALL_ALIVE_WINDOW_SECONDS = 60

/**
 * An invite that carries the hangup command or a call_end is a hang up, not a new call: the same
 * rule every reader of the record uses (callStepOf), so the call's state ends with the card.
 */
export const isHangup = (s: CallSignal) => s.actionType === CallAction.Invite && callStepOf(s) === 'hangup'

/** An invite that starts a call, or asks more people into it. */
export const isFreshInvite = (s: CallSignal) => s.actionType === CallAction.Invite && !isHangup(s)
