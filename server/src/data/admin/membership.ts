import type { CodesCreateBody, MembershipEvent, RedeemCode } from '../../../../types/admin.js'
import type { Paged } from '../../../../types/envelope.js'
import type { Queryable } from '../../db/Db.js'
import { iso } from '../../domain/admin/accounts.js'
import type { MemberState } from '../../domain/admin/membership.js'
import { EFFECTIVE_VIP_LEVEL, EFFECTIVE_VIP_TYPE } from '../users.js'

/** The membership of an open account, or null; with `lock`, its row stays locked for the transaction. */
export async function memberState(q: Queryable, wtId: string, lock = false): Promise<MemberState | null> {
  const { rows } = await q.query<MemberState>(
    `SELECT ${EFFECTIVE_VIP_TYPE} AS vip_type, ${EFFECTIVE_VIP_LEVEL} AS vip_level,
            CASE WHEN ${EFFECTIVE_VIP_TYPE} = 0 THEN NULL ELSE vip_expires_at END AS vip_expires_at
     FROM users WHERE wt_id = $1 AND action_status = 0 ${lock ? 'FOR UPDATE' : ''}`,
    [wtId],
  )
  return rows[0] ?? null
}

export async function setMembership(q: Queryable, wtId: string, s: MemberState): Promise<void> {
  await q.query('UPDATE users SET vip_type = $2, vip_level = $3, vip_expires_at = $4 WHERE wt_id = $1', [wtId, s.vip_type, s.vip_level, s.vip_expires_at])
}

/** One line of the membership history: where the change came from and the state it set. */
export async function recordMembership(q: Queryable, wtId: string, source: string, s: MemberState, operator: string, code = ''): Promise<void> {
  await q.query(
    'INSERT INTO membership_history (wt_id, source, vip_type, vip_level, expires_at, operator, code) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [wtId, source, s.vip_type, s.vip_level, s.vip_expires_at, operator, code],
  )
}

/**
 * Spends a code once: the conditional UPDATE lets exactly one of any number of concurrent
 * redemptions through. Answers the code's level and days, or null when it is unknown or spent.
 */
export async function spendCode(q: Queryable, code: string, wtId: string): Promise<{ vip_level: number; days: number } | null> {
  const { rows } = await q.query<{ vip_level: number; days: number }>(
    'UPDATE redeem_codes SET redeemed_by = $2, redeemed_at = now() WHERE code = $1 AND redeemed_by IS NULL AND redeemed_at IS NULL RETURNING vip_level, days',
    [code, wtId],
  )
  return rows[0] ?? null
}

export async function codeExists(q: Queryable, code: string): Promise<boolean> {
  const { rows: known } = await q.query('SELECT 1 FROM redeem_codes WHERE code = $1', [code])
  return Boolean(known[0])
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

/** Stores fresh codes of one batch; a code that exists already is left out. */
export async function insertCodes(q: Queryable, codes: string[], batch: string, b: Pick<CodesCreateBody, 'vipLevel' | 'days'>, operator: string): Promise<RedeemCode[]> {
  const { rows } = await q.query<CodeRow>(
    `INSERT INTO redeem_codes (code, batch, vip_level, days, created_by)
     SELECT c, $2, $3, $4, $5 FROM unnest($1::text[]) AS t(c)
     ON CONFLICT DO NOTHING
     RETURNING code, batch, vip_level, days, created_at, redeemed_by, redeemed_at`,
    [codes, batch, b.vipLevel, b.days, operator],
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

/** Every code of a batch (of all batches for ''), oldest first (the CSV export). */
export async function codesOf(q: Queryable, batch: string): Promise<RedeemCode[]> {
  const { rows } = await q.query<CodeRow>(
    `SELECT code, batch, vip_level, days, created_at, redeemed_by, redeemed_at FROM redeem_codes WHERE ($1 = '' OR batch = $1) ORDER BY created_at, code`,
    [batch],
  )
  return rows.map(toCode)
}
