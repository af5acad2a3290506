import dialing from './dialing.wav'
import ringing from './ringing.wav'

/** The caller's dialing tone and the callee's ringing tone. */
export const callTones = { dialing: dialing as string, ringing: ringing as string }
