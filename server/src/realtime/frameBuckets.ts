import type { ClientFrame } from '../../../types/frames.js'
import type { FrameBucket, SocketLimits } from '../config.js'

/** Which bucket a frame draws from; pings are free (the transport's heartbeat needs them). */
export function bucketOf(type: ClientFrame['type']): keyof SocketLimits | null {
  switch (type) {
    case 'send':
      return 'send'
    case 'typing':
      return 'typing'
    case 'read':
    case 'receipt':
      return 'read'
    case 'rtc':
    case 'sfu':
      return 'call'
    case 'ping':
      return null
  }
}

export const FRAME_FLOOD_TEXT = '操作过于频繁，请稍后再试'

/**
 * The token buckets of one socket. A flood is answered frame by frame (a nack or an error
 * frame) instead of closing the socket, so a client that bursts briefly loses nothing else.
 */
export class FrameBuckets {
  private readonly tokens = new Map<keyof SocketLimits, { left: number; at: number }>()

  constructor(
    private readonly limits: SocketLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a token for `type`; false when its bucket is empty. */
  take(type: ClientFrame['type']): boolean {
    const kind = bucketOf(type)
    if (!kind) return true
    const limit: FrameBucket = this.limits[kind]
    const t = this.now()
    const state = this.tokens.get(kind)
    const left = state ? Math.min(limit.burst, state.left + ((t - state.at) / 1000) * limit.perSecond) : limit.burst
    const allowed = left >= 1
    const after = allowed ? left - 1 : left
    // Updated in place: a new object per frame was garbage on every send.
    if (state) {
      state.left = after
      state.at = t
    } else this.tokens.set(kind, { left: after, at: t })
    return allowed
  }
}
