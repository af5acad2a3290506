export type MediaErrorKind = 'noMic' | 'noCamera' | 'denied' | 'unsupported'

/** Why the camera or microphone could not be opened. */
export class MediaAccessError extends Error {
  constructor(
    readonly kind: MediaErrorKind,
    message: string,
    /** On a denial: the microphone is still allowed (only the camera was refused). */
    readonly audioPermitted = false,
  ) {
    super(message)
    this.name = 'MediaAccessError'
  }
}
