import { randomInt } from 'node:crypto'
import { AdminText, type CodesCreateBody, type GrantBody, type MemberCentre, type MembershipEvent, type RedeemCode } from '../../../../types/admin.js'
import type { Paged } from '../../../../types/envelope.js'
import type { Db, Queryable } from '../../db/Db.js'
import { Refusal, badRequest, notFound } from '../refusal.js'
import { EFFECTIVE_VIP_LEVEL, EFFECTIVE_VIP_TYPE } from '../users.js'

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

/** Code letters without look-alikes (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 16

/** What a person types is upper-cased and stripped of spaces and dashes before it is looked up. */
export const normalizeCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '')

function newCode(): string {
  let s = ''
  for (let i = 0; i < CODE_LENGTH; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return s
}

interface MemberState {
  vip_type: number
  vip_level: number
  vip_expires_at: Date | null
}

async function memberState(q: Queryable, wtId: string, lock = false): Promise<MemberState> {
  const { rows } = await q.query<MemberState>(
    `SELECT ${EFFECTIVE_VIP_TYPE} AS vip_type, ${EFFECTIVE_VIP_LEVEL} AS vip_level,
            CASE WHEN ${EFFECTIVE_VIP_TYPE} = 0 THEN NULL ELSE vip_expires_at END AS vip_expires_at
     FROM users WHERE wt_id = $1 AND action_status = 0 ${lock ? 'FOR UPDATE' : ''}`,
    [wtId],
  )
  if (!rows[0]) throw notFound(AdminText.UserNotFound)
  return rows[0]
}

export const membershipOf = (s: MemberState) => ({ vipType: s.vip_type, vipLevel: s.vip_level, expiresAt: iso(s.vip_expires_at) })

async function record(q: Queryable, wtId: string, source: string, s: MemberState, operator: string, code = ''): Promise<void> {
  await q.query(
    'INSERT INTO membership_history (wt_id, source, vip_type, vip_level, expires_at, operator, code) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [wtId, source, s.vip_type, s.vip_level, s.vip_expires_at, operator, code],
  )
}

/** An operator sets the membership; vipType 0 ends it. Answers the state before and after (for the audit log). */
export async function grantMembership(db: Db, operator: string, b: GrantBody): Promise<{ before: ReturnType<typeof membershipOf>; after: ReturnType<typeof membershipOf> }> {
  if (b.expiresAt !== null && b.vipType !== 0 && new Date(b.expiresAt).getTime() <= Date.now()) throw badRequest('expiresAt: 到期时间应晚于现在')
  return db.tx(async (q) => {
    const before = await memberState(q, b.wtId, true)
    const after: MemberState = b.vipType === 0 ? { vip_type: 0, vip_level: 0, vip_expires_at: null } : { vip_type: b.vipType, vip_level: b.vipLevel, vip_expires_at: b.expiresAt ? new Date(b.expiresAt) : null }
    await q.query('UPDATE users SET vip_type = $2, vip_level = $3, vip_expires_at = $4 WHERE wt_id = $1', [b.wtId, after.vip_type, after.vip_level, after.vip_expires_at])
    await record(q, b.wtId, b.vipType === 0 ? 'revoke' : 'grant', after, operator)
    return { before: membershipOf(before), after: membershipOf(after) }
  })
}

/**
 * Spends a code once: the conditional UPDATE lets exactly one of any number of concurrent
 * redemptions through. The membership gains the code's days (from its current end when it is
 * still running; an open-ended one stays open-ended) and the higher of the two levels.
 */
export async function redeemCode(db: Db, wtId: string, typed: string): Promise<void> {
  const code = normalizeCode(typed)
  if (!code) throw badRequest(AdminText.CodeInvalid)
  await db.tx(async (q) => {
    const { rows } = await q.query<{ vip_level: number; days: number }>(
      'UPDATE redeem_codes SET redeemed_by = $2, redeemed_at = now() WHERE code = $1 AND redeemed_by IS NULL AND redeemed_at IS NULL RETURNING vip_level, days',
      [code, wtId],
    )
    if (!rows[0]) {
      const { rows: known } = await q.query('SELECT 1 FROM redeem_codes WHERE code = $1', [code])
      throw new Refusal(400, known[0] ? AdminText.CodeUsed : AdminText.CodeInvalid)
    }
    const { vip_level: level, days } = rows[0]
    const now = await memberState(q, wtId, true)
    const member = now.vip_type !== 0
    const openEnded = member && now.vip_expires_at === null
    const from = member && now.vip_expires_at ? Math.max(Date.now(), new Date(now.vip_expires_at).getTime()) : Date.now()
    const after: MemberState = {
      vip_type: member ? now.vip_type : 1,
      vip_level: Math.max(member ? now.vip_level : 0, level),
      vip_expires_at: openEnded ? null : new Date(from + days * 86_400_000),
    }
    await q.query('UPDATE users SET vip_type = $2, vip_level = $3, vip_expires_at = $4 WHERE wt_id = $1', [wtId, after.vip_type, after.vip_level, after.vip_expires_at])
    await record(q, wtId, 'code', after, '', code)
  })
}

export async function membershipHistory(q: Queryable, f: { wtId: string; pageNum: number; pageSize: number }): Promise<Paged<MembershipEvent>> {
  const { rows } = await q.query<{ id: number; wt_id: string; nick_name: string | null; at: Date; source: string; vip_type: number; vip_level: number; expires_at: Date | null; operator: string; code: string }>(
    `SELECT h.id::int AS id, h.wt_id, u.nick_name, h.at, h.source, h.vip_type, h.vip_level, h.expires_at, h.operator, h.code
     FROM membership_history h LEFT JOIN users u ON u.wt_id = h.wt_id
     WHERE ($1 = '' OR h.wt_id = $1) ORDER BY h.id DESC LIMIT $2 OFFSET $3`,
    [f.wtId, f.pageSize, (f.pageNum - 1) * f.pageSize],
  )
  const { rows: total } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM membership_history WHERE ($1 = '' OR wt_id = $1)`, [f.wtId])
  return {
    rows: rows.map((r) => ({
      id: r.id,
      wtId: r.wt_id,
      nickName: r.nick_name ?? '',
      at: iso(r.at)!,
      source: r.source,
      vipType: r.vip_type,
      vipLevel: r.vip_level,
      expiresAt: iso(r.expires_at),
      operator: r.operator,
      code: r.code,
    })),
    total: total[0]?.n ?? 0,
  }
}

/** Upload budget of members, as a multiple of everyone's (RATE_UPLOAD_MB_PER_HOUR). */
export const MEMBER_UPLOAD_FACTOR = 5

export async function memberCentre(q: Queryable, wtId: string, limits: { dailyCallSeconds: number; uploadBytesPerHour: number }): Promise<MemberCentre> {
  const s = await memberState(q, wtId)
  const mb = limits.uploadBytesPerHour / (1024 * 1024)
  return {
    membership: membershipOf(s),
    active: s.vip_type !== 0,
    history: (await membershipHistory(q, { wtId, pageNum: 1, pageSize: 50 })).rows,
    dailyCallLimitSeconds: limits.dailyCallSeconds,
    uploadMbPerHour: { regular: mb, member: mb * MEMBER_UPLOAD_FACTOR },
  }
}

interface CodeRow {
  code: string
  batch: string
  vip_level: number
  days: number
  created_at: Date
  redeemed_by: string | null
  redeemed_at: Date | null
}
const toCode = (r: CodeRow): RedeemCode => ({
  code: r.code,
  batch: r.batch,
  vipLevel: r.vip_level,
  days: r.days,
  createdAt: iso(r.created_at)!,
  redeemedBy: r.redeemed_by,
  redeemedAt: iso(r.redeemed_at),
})

/** `count` fresh codes in one batch (named after its time and level). */
export async function createCodes(db: Db, operator: string, b: CodesCreateBody): Promise<RedeemCode[]> {
  const batch = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-V${b.vipLevel}-${b.days}d`
  const codes = new Set<string>()
  while (codes.size < b.count) codes.add(newCode())
  const { rows } = await db.query<CodeRow>(
    `INSERT INTO redeem_codes (code, batch, vip_level, days, created_by)
     SELECT c, $2, $3, $4, $5 FROM unnest($1::text[]) AS t(c)
     ON CONFLICT DO NOTHING
     RETURNING code, batch, vip_level, days, created_at, redeemed_by, redeemed_at`,
    [[...codes], batch, b.vipLevel, b.days, operator],
  )
  return rows.map(toCode)
}

export async function listCodes(q: Queryable, f: { batch: string; pageNum: number; pageSize: number }): Promise<Paged<RedeemCode>> {
  const { rows } = await q.query<CodeRow>(
    `SELECT code, batch, vip_level, days, created_at, redeemed_by, redeemed_at FROM redeem_codes
     WHERE ($1 = '' OR batch = $1) ORDER BY created_at DESC, code LIMIT $2 OFFSET $3`,
    [f.batch, f.pageSize, (f.pageNum - 1) * f.pageSize],
  )
  const { rows: total } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM redeem_codes WHERE ($1 = '' OR batch = $1)`, [f.batch])
  return { rows: rows.map(toCode), total: total[0]?.n ?? 0 }
}

/** A CSV cell: quoted when it holds a separator, a quote or a line break; a leading formula sign is defused. */
export function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v)
  if (/^[=+\-@]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}
export const csvLines = (rows: unknown[][]) => `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`

export async function codesCsv(q: Queryable, batch: string): Promise<string> {
  const { rows } = await q.query<CodeRow>(
    `SELECT code, batch, vip_level, days, created_at, redeemed_by, redeemed_at FROM redeem_codes WHERE ($1 = '' OR batch = $1) ORDER BY created_at, code`,
    [batch],
  )
  return csvLines([['code', 'batch', 'vipLevel', 'days', 'createdAt', 'redeemedBy', 'redeemedAt'], ...rows.map((r) => {
    const c = toCode(r)
    return [c.code, c.batch, c.vipLevel, c.days, c.createdAt, c.redeemedBy, c.redeemedAt]
  })])
}
