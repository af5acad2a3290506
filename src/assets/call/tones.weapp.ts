import dialing from './dialing.mp3'
import ringing from './ringing.mp3'

/**
 * The same tones as MP3 (16 kbit/s), a quarter of the WAV files' bytes: the mini-program's main
 * package is capped, and its audio player plays MP3.
 */
export const callTones = { dialing: dialing as string, ringing: ringing as string }
