/** Why a request got no HTTP answer at all (an HTTP error status is an answer, not a failure). */
export type HttpFailureKind = 'timeout' | 'network'

export class HttpFailure extends Error {
  constructor(
    readonly kind: HttpFailureKind,
    message: string,
  ) {
    super(message)
    this.name = 'HttpFailure'
  }
}
