import type { PickedFile } from './filePicker'

// Errors and limits (RecorderError, MAX_RECORDING_SECONDS) are in ./recording: Taro swaps this
// file for the platform one at build time, so only types can live here.

export interface Recording {
  file: PickedFile
  /** Length in seconds, at least 1 (spec 9: audio bubbles count a minimum of 1 s). */
  seconds: number
}

/** Voice messages. One recording at a time. */
export interface RecorderPort {
  supported(): boolean
  /** Resolves once the microphone records; rejects with a RecorderError. */
  start(): Promise<void>
  /** Resolves with the recording; rejects with a RecorderError. */
  stop(): Promise<Recording>
  /** Stops and throws the recording away. */
  cancel(): void
  isRecording(): boolean
}

export declare const recorder: RecorderPort
