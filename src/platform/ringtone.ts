/** Call ringtones: one looping tone at a time. */
export interface RingtonePort {
  /** Starts looping `url`, replacing a tone already playing. */
  loop(url: string): void
  stop(): void
  /** Whether `url` answers a HEAD request with 200 and audio/mpeg (setCallingBell's check). */
  isPlayableAudio(url: string): Promise<boolean>
}

export declare const ringtone: RingtonePort
