import { CallAction, CallCmd, type CallSignal } from '../../../../types/call.js'

/** A connected call with no keep-alive for this long is treated as gone (both browsers closed). */
export const CALL_ALIVE_WINDOW_SECONDS = 60

/** An invite that carries the hangup command is a hang up, not a new call. */
export const isHangup = (s: CallSignal) => s.actionType === CallAction.Invite && s.data.data?.cmd === CallCmd.Hangup

/** An invite that starts a call, or asks more people into it. */
export const isFreshInvite = (s: CallSignal) => s.actionType === CallAction.Invite && !isHangup(s)
