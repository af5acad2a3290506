/**
 * Result codes carried in the `code` field of every /api answer and in error frames.
 * Plain constants without zod, so the client can import them without the schema library.
 */
export const ResultCode = {
  Ok: 200,
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooManyRequests: 429,
  ServerError: 500,
  /** The server has no such service configured (a TRTC UserSig without a TRTC application). */
  NotConfigured: 501,
  /** Not ready to take traffic (database, migrations or bus): /api/ready. */
  ServiceUnavailable: 503,
  /** Login needs the second factor; `msg` carries the ticket. Elsewhere: session cleared. */
  TwoFactorRequired: 712,
  /** 11011-11016: the session is gone (expired, revoked, kicked); the client logs out. */
  SessionExpired: 11011,
  SessionRevoked: 11012,
  SessionKicked: 11013,
  SessionInvalid: 11014,
  AccountDisabled: 11015,
  AccountDeleted: 11016,
} as const
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode]

/** Codes after which the client clears its stored session and goes to /login. */
export const SESSION_ENDING_CODES: readonly number[] = [712, 11011, 11012, 11013, 11014, 11015, 11016]

export const PROTOCOL_VERSION = 1
export const APP_VERSION = '1.0.0'
