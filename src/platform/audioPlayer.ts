/** Plays one voice message at a time; starting another stops the one playing. */
export interface AudioPlayerPort {
  /** Starts playing; `onEnd` runs when it finishes, fails or is stopped. Returns the stop function. */
  play(url: string, onEnd?: () => void): () => void
  stop(): void
}

export declare const audioPlayer: AudioPlayerPort
