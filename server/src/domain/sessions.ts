import { hashToken } from './tokens.js'

export interface SessionInfo {
  wtId: string
  tokenHash: string
}

/** How long a session may go unused, and where it is being used from now. */
export interface SessionUse {
  idleSeconds: number
  address: string
}

/** last_seen_at is written at most this often per session, so reads do not turn into a write each. */
export const TOUCH_EVERY_S = 60

/** Control characters are dropped from what the client says about itself; it is shown back in the device list. */
export const printable = (s: string, max: number) => s.replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, max)

/** Why a session ended, when an operator or the account's end ended it: what later calls answer. */
export interface SessionEnd {
  code: number
  msg: string
}

/** The id a device list shows for a session: derived from its token hash, useless for logging in. */
export const sessionPublicId = (tokenHash: string) => hashToken(`device:${tokenHash}`).slice(0, 24)

export interface SessionRow {
  tokenHash: string
  userAgent: string
  address: string
  createdAt: Date
  lastSeenAt: Date
}
