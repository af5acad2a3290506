// The part of types/auth.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/auth.ts re-exports all of it).

/** Limits of the account forms. Passwords: 6-32 characters; nicknames: 1-16. */
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 32
export const NICKNAME_MAX = 16
export const LOCK_HINT_MAX = 30
/** The signature (个性签名) under a profile's name. */
export const BIO_MAX = 30
/** QR login codes expire after this many seconds. */
export const QR_CODE_TTL_S = 120
/** Two-factor tickets are single-use and expire after this many seconds. */
export const TWO_FACTOR_TICKET_TTL_S = 300

export const QrStatus = { Pending: 'pending', Scanned: 'scanned', Expired: 'expired', Confirmed: 'confirmed' } as const
export type QrStatus = (typeof QrStatus)[keyof typeof QrStatus]
