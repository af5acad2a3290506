/**
 * AI noise suppression of the call microphone (the widget's enableAIVoice): RNNoise in an
 * AudioWorklet on H5; the mini-program has no Web Audio graph for it and reports it unsupported.
 */

export interface NoiseSuppressor {
  /** The processed track to send in place of the microphone's. */
  readonly output: MediaStreamTrack
  /** The microphone track it reads (kept live while suppressed, restored when it stops). */
  readonly source: MediaStreamTrack
  /** Reads another microphone track (a device switch); the old one is stopped. */
  setSource(track: MediaStreamTrack): void
  /** Stops the processing and the output track; the microphone track is left to the caller. */
  stop(): void
}

export interface NoiseSuppressionPort {
  supported(): boolean
  /**
   * Rejects when the worklet or its model cannot load, or audio processing cannot run.
   * `onFailure` runs if processing breaks later, so the owner can send the microphone again.
   */
  start(microphone: MediaStreamTrack, onFailure: () => void): Promise<NoiseSuppressor>
}

export declare const noiseSuppression: NoiseSuppressionPort
