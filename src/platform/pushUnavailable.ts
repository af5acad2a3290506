/** Why subscribing failed, in the words the settings show. */
export class PushUnavailable extends Error {
  constructor(
    readonly reason: 'denied' | 'unsupported' | 'noPushService',
    message: string,
  ) {
    super(message)
  }
}
