import type { Queryable } from '../db/Db.js'

/** The SQL of Web Push: the server's VAPID keys and the devices' subscriptions. */

export interface StoredVapidKeys {
  publicKey: string
  privateKey: string
}

const VAPID_SETTING = 'vapid_keys'

/**
 * Keeps `candidate` as the server's VAPID key pair unless one is kept already, and answers the
 * kept pair: server processes starting together all end up with the first one written.
 */
export async function keepVapidKeys(q: Queryable, candidate: StoredVapidKeys): Promise<StoredVapidKeys> {
  await q.query('INSERT INTO server_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [VAPID_SETTING, JSON.stringify(candidate)])
  const { rows } = await q.query<{ value: string }>('SELECT value FROM server_settings WHERE key = $1', [VAPID_SETTING])
  return JSON.parse(rows[0]!.value) as StoredVapidKeys
}

export interface SubscriptionKeys {
  endpoint: string
  p256dh: string
  auth: string
}

/** A browser's endpoint belongs to the session that registered it last (another account may have logged in there). */
export async function saveSubscription(q: Queryable, wtId: string, sessionHash: string, s: SubscriptionKeys): Promise<void> {
  await q.query(
    `INSERT INTO push_subscriptions (endpoint, session_hash, wt_id, p256dh, auth) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE SET session_hash = EXCLUDED.session_hash, wt_id = EXCLUDED.wt_id,
       p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`,
    [s.endpoint, sessionHash, wtId, s.p256dh, s.auth],
  )
}

/** Hands the subscriptions of the sessions `from` to the session `to` (the same device logged in again). */
export async function moveSubscriptions(q: Queryable, from: string[], to: string): Promise<void> {
  await q.query('UPDATE push_subscriptions SET session_hash = $2 WHERE session_hash = ANY($1::text[])', [from, to])
}

export async function deleteOwnSubscription(q: Queryable, wtId: string, endpoint: string): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND wt_id = $2', [endpoint, wtId])
}

/** A push service said the endpoint is gone (404/410). */
export async function deleteSubscription(q: Queryable, endpoint: string): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint])
}

export async function isSubscribed(q: Queryable, sessionHash: string, endpoint: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1 AND session_hash = $2', [endpoint, sessionHash])
  return rows.length > 0
}

/** The user's sessions with at least one subscription (the device list marks them). */
export async function sessionsWithPush(q: Queryable, wtId: string): Promise<Set<string>> {
  const { rows } = await q.query<{ session_hash: string }>('SELECT DISTINCT session_hash FROM push_subscriptions WHERE wt_id = $1', [wtId])
  return new Set(rows.map((r) => r.session_hash))
}

export async function showPreviews(q: Queryable, wtId: string): Promise<boolean> {
  const { rows } = await q.query<{ show_previews: boolean }>('SELECT show_previews FROM user_config WHERE wt_id = $1', [wtId])
  return rows[0]?.show_previews ?? false
}

export async function setShowPreviews(q: Queryable, wtId: string, on: boolean): Promise<void> {
  await q.query(
    'INSERT INTO user_config (wt_id, show_previews) VALUES ($1, $2) ON CONFLICT (wt_id) DO UPDATE SET show_previews = EXCLUDED.show_previews',
    [wtId, on],
  )
}

/** A subscription with what every rule asks about its owner. */
export interface PushTarget extends SubscriptionKeys {
  wtId: string
  allowNotifications: boolean
  showPreviews: boolean
  /** The owner has the sender (or caller) on their blacklist. */
  blacklisted: boolean
}

export interface MessageTarget extends PushTarget {
  muted: boolean
  folded: boolean
  /**
   * Messages of this conversation past the owner's read mark, by sequence: one subtraction per
   * subscriber, where counting rows would read the history once per member of a large group.
   * Group tips count too, so it may say a little more than the list's unread count.
   */
  unread: number
  /** Unread messages of the owner's conversations that are not muted (the app badge). */
  badge: number
  groupName: string
}

type TargetRow = {
  endpoint: string
  p256dh: string
  auth: string
  wt_id: string
  allow_notifications: boolean | null
  show_previews: boolean | null
  blacklisted: boolean
}

const toTarget = (r: TargetRow): PushTarget => ({
  endpoint: r.endpoint,
  p256dh: r.p256dh,
  auth: r.auth,
  wtId: r.wt_id,
  allowNotifications: r.allow_notifications ?? true,
  showPreviews: r.show_previews ?? false,
  blacklisted: r.blacklisted,
})

/** Subscriptions of live sessions, with the owner's settings and blacklist entry for $2 (the other side). */
const TARGET_SELECT = `
  SELECT ps.endpoint, ps.p256dh, ps.auth, ps.wt_id, cfg.allow_notifications, cfg.show_previews,
         EXISTS (SELECT 1 FROM user_blacklist b WHERE b.owner_wt_id = ps.wt_id AND b.target_wt_id = $2) AS blacklisted`
const TARGET_FROM = `
  FROM push_subscriptions ps
  JOIN sessions s ON s.token_hash = ps.session_hash AND s.revoked_at IS NULL AND s.last_seen_at >= now() - make_interval(secs => $3)
  LEFT JOIN user_config cfg ON cfg.wt_id = ps.wt_id`

/** Every subscription of these users (a call's invitees, a friend application's receiver). */
export async function targetsOf(q: Queryable, wtIds: readonly string[], other: string, idleSeconds: number): Promise<PushTarget[]> {
  if (wtIds.length === 0) return []
  const { rows } = await q.query<TargetRow>(`${TARGET_SELECT} ${TARGET_FROM} WHERE ps.wt_id = ANY($1::text[])`, [wtIds, other, idleSeconds])
  return rows.map(toTarget)
}

/** Where a message went: the recipients' conversation, and who they are (a list, or every member of a group). */
export type MessageAudience =
  | { conversationOf: 'c2c'; recipient: string }
  | { conversationOf: 'group'; groupId: string; recipients: readonly string[] | null }

/**
 * The subscriptions of a message's recipients (the sender left out), each with the owner's
 * conversation state and unread counts, a page at a time in endpoint order. A group sent to every member is read from the member
 * table joined with the subscriptions, so members without one cost nothing.
 */
export async function messageTargets(
  q: Queryable,
  sender: string,
  audience: MessageAudience,
  idleSeconds: number,
  page: { after: string; limit: number } = { after: '', limit: 100_000 },
): Promise<MessageTarget[]> {
  const isGroup = audience.conversationOf === 'group'
  const conversation = isGroup ? `'GROUP' || $4::text` : `'C2C' || $2::text`
  const everyMember = isGroup && !audience.recipients
  const who = everyMember
    ? '(ps.wt_id = ANY($1::text[]) OR ps.wt_id IN (SELECT gm.wt_id FROM group_members gm WHERE gm.group_id = $4 AND gm.left_at IS NULL))'
    : 'ps.wt_id = ANY($1::text[])'
  const listed = !isGroup ? [audience.recipient] : (audience.recipients ?? [])
  const { rows } = await q.query<TargetRow & { muted: boolean | null; folded: boolean | null; unread: number; badge: number; group_name: string | null }>(
    `${TARGET_SELECT}, uc.muted, uc.folded, g.group_name,
       GREATEST(0, COALESCE(uc.end_seq, gch.last_seq) - GREATEST(uc.read_seq, uc.cleared_seq))::int AS unread,
       (SELECT COALESCE(sum(GREATEST(0, COALESCE(u2.end_seq, ch.last_seq) - GREATEST(u2.read_seq, u2.cleared_seq))), 0)::int
          FROM user_conversations u2 JOIN channels ch ON ch.channel_id = u2.channel_id
          WHERE u2.wt_id = ps.wt_id AND NOT u2.muted AND u2.hidden_seq IS NULL) AS badge
     ${TARGET_FROM}
     LEFT JOIN user_conversations uc ON uc.wt_id = ps.wt_id AND uc.conversation_id = ${conversation}
     LEFT JOIN channels gch ON gch.channel_id = uc.channel_id
     LEFT JOIN groups g ON g.group_id = $4
     WHERE ${who} AND ps.wt_id <> $2 AND ps.endpoint > $5
     ORDER BY ps.endpoint LIMIT $6`,
    [listed, sender, idleSeconds, isGroup ? audience.groupId : null, page.after, page.limit],
  )
  return rows.map((r) => ({
    ...toTarget(r),
    muted: r.muted ?? false,
    folded: r.folded ?? false,
    unread: r.unread,
    badge: r.badge,
    groupName: r.group_name ?? '',
  }))
}

export async function nickOf(q: Queryable, wtId: string): Promise<string> {
  const { rows } = await q.query<{ nick_name: string }>('SELECT nick_name FROM users WHERE wt_id = $1', [wtId])
  return rows[0]?.nick_name ?? ''
}
