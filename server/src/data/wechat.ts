import type { Queryable } from '../db/Db.js'

/** The SQL of the mini-program's WeChat login (bindings, bind tickets) and subscription messages. */

export interface WechatIdentityRow {
  openid: string
  unionid: string | null
}

/** The account bound to this WeChat: by openid, or by unionid when WeChat gives one (the same person in another app of the same company). */
export async function boundAccount(q: Queryable, id: WechatIdentityRow): Promise<string | null> {
  const { rows } = await q.query<{ wt_id: string }>(
    'SELECT wt_id FROM wechat_bindings WHERE openid = $1 OR ($2::text IS NOT NULL AND unionid = $2) ORDER BY (openid = $1) DESC LIMIT 1',
    [id.openid, id.unionid],
  )
  return rows[0]?.wt_id ?? null
}

export async function isBound(q: Queryable, wtId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM wechat_bindings WHERE wt_id = $1', [wtId])
  return rows.length > 0
}

export async function saveTicket(q: Queryable, ticketHash: string, id: WechatIdentityRow, ttlSeconds: number): Promise<void> {
  await q.query(
    'INSERT INTO wechat_bind_tickets (ticket_hash, openid, unionid, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))',
    [ticketHash, id.openid, id.unionid, ttlSeconds],
  )
  // Old tickets are useless; trimming here keeps the table small without a scheduler.
  await q.query("DELETE FROM wechat_bind_tickets WHERE expires_at < now() - interval '1 hour'")
}

/** Spends a live ticket once, answering the WeChat it carried. */
export async function spendTicket(q: Queryable, ticketHash: string): Promise<WechatIdentityRow | null> {
  const { rows } = await q.query<WechatIdentityRow>(
    'UPDATE wechat_bind_tickets SET used_at = now() WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING openid, unionid',
    [ticketHash],
  )
  return rows[0] ?? null
}

export type BindOutcome = 'bound' | 'takenByOther' | 'accountHasOther'

/** Binds unless the WeChat or the account is bound already to someone else (binding the same pair again is fine). */
export async function bind(q: Queryable, wtId: string, id: WechatIdentityRow): Promise<BindOutcome> {
  const owner = await boundAccount(q, id)
  if (owner && owner !== wtId) return 'takenByOther'
  const { rows } = await q.query<{ openid: string }>('SELECT openid FROM wechat_bindings WHERE wt_id = $1', [wtId])
  if (rows[0] && rows[0].openid !== id.openid) return 'accountHasOther'
  const written = await q
    .query(
      `INSERT INTO wechat_bindings (wt_id, openid, unionid) VALUES ($1, $2, $3)
       ON CONFLICT (wt_id) DO UPDATE SET unionid = COALESCE(EXCLUDED.unionid, wechat_bindings.unionid)`,
      [wtId, id.openid, id.unionid],
    )
    .catch((err: { code?: string }) => {
      // Two accounts binding the same WeChat at once: the unique openid lets one through.
      if (err.code === '23505') return null
      throw err
    })
  return written ? 'bound' : 'takenByOther'
}

export async function unbind(q: Queryable, wtId: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM wechat_bindings WHERE wt_id = $1', [wtId])
  // Notices go to the openid of the WeChat that was bound; without it they stop too.
  await q.query('DELETE FROM wechat_subscriptions WHERE wt_id = $1', [wtId])
  return (rowCount ?? 0) > 0
}

/** Most acceptances kept per template: WeChat counts more, but a notice per closed spell needs few. */
export const MAX_REMAINING = 20

/** One more notice allowed per accepted template, to the openid that accepted it. */
export async function addAcceptances(q: Queryable, wtId: string, openid: string, templateIds: readonly string[]): Promise<void> {
  await q.query(
    `INSERT INTO wechat_subscriptions (wt_id, template_id, openid, remaining)
     SELECT $1, t, $2, 1 FROM unnest($3::text[]) AS t
     ON CONFLICT (wt_id, template_id) DO UPDATE SET
       remaining = CASE WHEN wechat_subscriptions.openid = EXCLUDED.openid THEN LEAST(wechat_subscriptions.remaining + 1, $4) ELSE 1 END,
       openid = EXCLUDED.openid`,
    [wtId, openid, [...new Set(templateIds)], MAX_REMAINING],
  )
}

/** Notices left to send, over the templates still configured. */
export async function remainingNotices(q: Queryable, wtId: string, templateIds: readonly string[]): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'SELECT COALESCE(min(remaining), 0)::int AS n FROM wechat_subscriptions WHERE wt_id = $1 AND template_id = ANY($2::text[])',
    [wtId, templateIds],
  )
  return rows[0]!.n
}

/** The account opened a socket: its next closed spell may be told again. */
export async function clearNotified(q: Queryable, wtId: string): Promise<void> {
  await q.query('UPDATE wechat_subscriptions SET notified_at = NULL WHERE wt_id = $1 AND notified_at IS NOT NULL', [wtId])
}

/** What the notice rules ask about a recipient of a one-to-one message or call from `other`. */
export interface NoticeTarget {
  wtId: string
  openid: string
  allowNotifications: boolean
  showPreviews: boolean
  blacklisted: boolean
  muted: boolean
  folded: boolean
  unread: number
}

/**
 * Takes one notice of `templateId` for `wtId` (the one-to-one conversation with `other`): the
 * row is claimed only when it has an acceptance left and no notice went out since the account
 * was last connected, so two processes never send the same notice. Answers the facts the rules
 * ask about, or null when nothing may be sent.
 */
export async function claimNotice(q: Queryable, wtId: string, templateId: string, other: string): Promise<NoticeTarget | null> {
  const { rows } = await q.query<{
    openid: string
    allow_notifications: boolean | null
    show_previews: boolean | null
    blacklisted: boolean
    muted: boolean | null
    folded: boolean | null
    unread: number | null
  }>(
    `WITH claimed AS (
       UPDATE wechat_subscriptions SET remaining = remaining - 1, notified_at = now()
       WHERE wt_id = $1 AND template_id = $2 AND remaining > 0 AND notified_at IS NULL
       RETURNING openid)
     SELECT c.openid, cfg.allow_notifications, cfg.show_previews, uc.muted, uc.folded,
            EXISTS (SELECT 1 FROM user_blacklist b WHERE b.owner_wt_id = $1 AND b.target_wt_id = $3) AS blacklisted,
            GREATEST(0, COALESCE(uc.end_seq, ch.last_seq) - GREATEST(uc.read_seq, uc.cleared_seq))::int AS unread
     FROM claimed c
     LEFT JOIN user_config cfg ON cfg.wt_id = $1
     LEFT JOIN user_conversations uc ON uc.wt_id = $1 AND uc.conversation_id = 'C2C' || $3
     LEFT JOIN channels ch ON ch.channel_id = uc.channel_id`,
    [wtId, templateId, other],
  )
  const r = rows[0]
  if (!r) return null
  return {
    wtId,
    openid: r.openid,
    allowNotifications: r.allow_notifications ?? true,
    showPreviews: r.show_previews ?? false,
    blacklisted: r.blacklisted,
    muted: r.muted ?? false,
    folded: r.folded ?? false,
    unread: r.unread ?? 1,
  }
}

/** A claimed notice that the rules or WeChat turned down goes back (WeChat's refusal empties the template instead). */
export async function returnNotice(q: Queryable, wtId: string, templateId: string): Promise<void> {
  await q.query('UPDATE wechat_subscriptions SET remaining = LEAST(remaining + 1, $3), notified_at = NULL WHERE wt_id = $1 AND template_id = $2', [
    wtId,
    templateId,
    MAX_REMAINING,
  ])
}

/** WeChat answered 43101: the user has no acceptance left there, whatever we counted. */
export async function emptySubscription(q: Queryable, wtId: string, templateId: string): Promise<void> {
  await q.query('UPDATE wechat_subscriptions SET remaining = 0, notified_at = NULL WHERE wt_id = $1 AND template_id = $2', [wtId, templateId])
}
