import { randomInt } from 'node:crypto'
import type { CodesCreateBody, GrantBody } from '../../../../types/admin.js'
import type { Membership } from '../../../../types/member.js'
import { iso } from './accounts.js'

/** Code letters without look-alikes (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 16

/** What a person types is upper-cased and stripped of spaces and dashes before it is looked up. */
export const normalizeCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '')

export function newCode(): string {
  let s = ''
  for (let i = 0; i < CODE_LENGTH; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return s
}

/** A batch of codes is named after its time and level. */
export const batchName = (b: Pick<CodesCreateBody, 'vipLevel' | 'days'>) => `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-V${b.vipLevel}-${b.days}d`

/** The membership columns of an account, as they read now (an expired one reads as none). */
export interface MemberState {
  vip_type: number
  vip_level: number
  vip_expires_at: Date | null
}

export const membershipOf = (s: MemberState): Membership => ({ vipType: s.vip_type, vipLevel: s.vip_level, expiresAt: iso(s.vip_expires_at) })

/** What an operator's grant sets: vipType 0 ends the membership. */
export function grantedState(b: GrantBody): MemberState {
  return b.vipType === 0 ? { vip_type: 0, vip_level: 0, vip_expires_at: null } : { vip_type: b.vipType, vip_level: b.vipLevel, vip_expires_at: b.expiresAt ? new Date(b.expiresAt) : null }
}

/**
 * The membership after a code of `level` and `days`: the code's days are added from the current
 * end when it is still running (an open-ended one stays open-ended), at the higher of the two levels.
 */
export function redeemedState(now: MemberState, level: number, days: number): MemberState {
  const member = now.vip_type !== 0
  const openEnded = member && now.vip_expires_at === null
  const from = member && now.vip_expires_at ? Math.max(Date.now(), new Date(now.vip_expires_at).getTime()) : Date.now()
  return {
    vip_type: member ? now.vip_type : 1,
    vip_level: Math.max(member ? now.vip_level : 0, level),
    vip_expires_at: openEnded ? null : new Date(from + days * 86_400_000),
  }
}

/** A CSV cell: quoted when it holds a separator, a quote or a line break; a leading formula sign is defused. */
export function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v)
  if (/^[=+\-@]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}
export const csvLines = (rows: unknown[][]) => `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`
