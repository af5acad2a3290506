export type MediaErrorKind = 'noMic' | 'noCamera' | 'denied' | 'unsupported'

/** Why the camera or microphone could not be opened. */
export class MediaAccessError extends Error {
  constructor(
    readonly kind: MediaErrorKind,
    message: string,
  ) {
    super(message)
    this.name = 'MediaAccessError'
  }
}
