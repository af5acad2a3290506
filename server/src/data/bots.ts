import type { Queryable } from '../db/Db.js'

/** The group robots' storage (migration 110): the only SQL of the feature. */

export interface BotRow {
  bot_id: string
  group_id: string
  group_number: string
  group_name: string
  name: string
  avatar: string
  description: string
  callback_url: string
  callback_secret: string
  paused: boolean
  created_by: string
  created_at: Date
  last_post_at: Date | null
  /** The group was dissolved: the robot answers as if it were gone. */
  dissolved: boolean
}

const BOT_SELECT = `
  SELECT b.bot_id, b.group_id, g.group_number, g.group_name, b.name, u.avatar, b.description, b.callback_url, b.callback_secret,
         b.paused, b.created_by, b.created_at, b.last_post_at, g.dissolved_at IS NOT NULL AS dissolved
  FROM group_bots b JOIN groups g ON g.group_id = b.group_id JOIN users u ON u.wt_id = b.bot_id`

const SWITCH_KEY = 'robots_enabled'

/** The operator's site-wide switch; on unless turned off. */
export async function robotsEnabled(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ value: string }>('SELECT value FROM server_settings WHERE key = $1', [SWITCH_KEY])
  return rows[0]?.value !== '0'
}

export async function setRobotsEnabled(q: Queryable, enabled: boolean): Promise<void> {
  await q.query('INSERT INTO server_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [
    SWITCH_KEY,
    enabled ? '1' : '0',
  ])
}

export async function activeRobotCount(q: Queryable, groupId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM group_bots WHERE group_id = $1 AND removed_at IS NULL', [groupId])
  return rows[0]?.n ?? 0
}

export interface NewBot {
  botId: string
  groupId: string
  name: string
  avatar: string
  description: string
  keyHash: string
  callbackUrl: string
  callbackSecret: string
  createdBy: string
}

/** The password hash of a robot's account row: no password matches it. */
export const ROBOT_PWD_HASH = '!robot'

/** The robot's account row (it can never log in: see 110) and its robot row. */
export async function insertBot(q: Queryable, b: NewBot): Promise<void> {
  await q.query(`INSERT INTO users (wt_id, phone, pwd_hash, nick_name, avatar, bio) VALUES ($1, $1, '${ROBOT_PWD_HASH}', $2, $3, $4)`, [
    b.botId,
    b.name,
    b.avatar,
    b.description,
  ])
  await q.query(
    `INSERT INTO group_bots (bot_id, group_id, name, description, key_hash, callback_url, callback_secret, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [b.botId, b.groupId, b.name, b.description, b.keyHash, b.callbackUrl, b.callbackSecret, b.createdBy],
  )
}

export async function groupBots(q: Queryable, groupId: string): Promise<BotRow[]> {
  const { rows } = await q.query<BotRow>(`${BOT_SELECT} WHERE b.group_id = $1 AND b.removed_at IS NULL ORDER BY b.created_at, b.bot_id`, [groupId])
  return rows
}

/** A robot that has not been removed; `lock` holds its row for the transaction. */
export async function botById(q: Queryable, botId: string, lock = false): Promise<BotRow | null> {
  const { rows } = await q.query<BotRow>(`${BOT_SELECT} WHERE b.bot_id = $1 AND b.removed_at IS NULL${lock ? ' FOR UPDATE OF b' : ''}`, [botId])
  return rows[0] ?? null
}

/** The robot a webhook key names, with the operator's switch read in the same statement. */
export async function botByKeyHash(q: Queryable, keyHash: string): Promise<(BotRow & { site_enabled: boolean }) | null> {
  const { rows } = await q.query<BotRow & { site_enabled: boolean }>(
    `${BOT_SELECT.replace('SELECT', `SELECT COALESCE((SELECT s.value <> '0' FROM server_settings s WHERE s.key = '${SWITCH_KEY}'), true) AS site_enabled,`)}
     WHERE b.key_hash = $1 AND b.removed_at IS NULL`,
    [keyHash],
  )
  return rows[0] ?? null
}

export async function setBotKey(q: Queryable, botId: string, keyHash: string, callbackSecret: string): Promise<void> {
  await q.query('UPDATE group_bots SET key_hash = $2, callback_secret = $3 WHERE bot_id = $1', [botId, keyHash, callbackSecret])
}

export async function setBotPaused(q: Queryable, botId: string, paused: boolean): Promise<void> {
  await q.query('UPDATE group_bots SET paused = $2 WHERE bot_id = $1', [botId, paused])
}

/** The row stays (its messages name it); its key can no longer match anything. */
export async function markBotRemoved(q: Queryable, botId: string): Promise<void> {
  await q.query(`UPDATE group_bots SET removed_at = now(), key_hash = 'removed:' || bot_id WHERE bot_id = $1`, [botId])
}

export async function touchBotPost(q: Queryable, botId: string): Promise<void> {
  await q.query('UPDATE group_bots SET last_post_at = now() WHERE bot_id = $1', [botId])
}

/**
 * Counts one request in `key`'s current one-minute window (a new window when the last is over)
 * and answers the count, with the seconds left in the window. One statement, so concurrent
 * requests on any server process are counted one by one.
 */
export async function countHit(q: Queryable, key: string): Promise<{ hits: number; retryAfter: number }> {
  const { rows } = await q.query<{ hits: number; left: number }>(
    `INSERT INTO bot_rate AS r (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start <= now() - interval '1 minute' THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start <= now() - interval '1 minute' THEN now() ELSE r.window_start END
     RETURNING hits, ceil(extract(epoch FROM (window_start + interval '1 minute' - now())))::int AS left`,
    [key],
  )
  return { hits: rows[0]!.hits, retryAfter: Math.max(1, rows[0]!.left) }
}

export async function insertBotMedia(q: Queryable, mediaId: string, botId: string, uploadId: string): Promise<Date> {
  const { rows } = await q.query<{ created_at: Date }>('INSERT INTO bot_media (media_id, bot_id, upload_id) VALUES ($1, $2, $3) RETURNING created_at', [
    mediaId,
    botId,
    uploadId,
  ])
  return rows[0]!.created_at
}

/** A robot's own upload for a `file` message, while its media_id is valid. */
export async function botMedia(q: Queryable, mediaId: string, botId: string, maxAgeSeconds: number): Promise<{ upload_id: string; file_name: string; size: number } | null> {
  const { rows } = await q.query<{ upload_id: string; file_name: string; size: number }>(
    `SELECT m.upload_id, u.file_name, u.size::int AS size FROM bot_media m JOIN uploads u ON u.id = m.upload_id
     WHERE m.media_id = $1 AND m.bot_id = $2 AND m.created_at > now() - make_interval(secs => $3)`,
    [mediaId, botId, maxAgeSeconds],
  )
  return rows[0] ?? null
}

/** Which of `ids` and of the accounts with `phones` are current members of the group. */
export async function membersNamed(q: Queryable, groupId: string, ids: string[], phones: string[]): Promise<string[]> {
  const { rows } = await q.query<{ wt_id: string }>(
    `SELECT gm.wt_id FROM group_members gm JOIN users u ON u.wt_id = gm.wt_id
     WHERE gm.group_id = $1 AND gm.left_at IS NULL AND (gm.wt_id = ANY($2::text[]) OR u.phone = ANY($3::text[]))
     ORDER BY gm.wt_id`,
    [groupId, ids, phones],
  )
  return rows.map((r) => r.wt_id)
}

/** The outgoing robots of the group among `ids` (a message's mentions) that may answer now. */
export async function answeringBots(q: Queryable, groupId: string, ids: string[]): Promise<BotRow[]> {
  const { rows } = await q.query<BotRow>(
    `${BOT_SELECT} WHERE b.group_id = $1 AND b.bot_id = ANY($2::text[]) AND b.removed_at IS NULL AND NOT b.paused AND b.callback_url <> ''`,
    [groupId, ids],
  )
  return rows
}

export async function adminBots(q: Queryable, f: { keyword: string; pageNum: number; pageSize: number }): Promise<{ rows: BotRow[]; total: number }> {
  const where = `b.removed_at IS NULL AND ($1 = '' OR b.name ILIKE '%' || $1 || '%' OR g.group_number = $1 OR g.group_name ILIKE '%' || $1 || '%')`
  const { rows } = await q.query<BotRow>(`${BOT_SELECT} WHERE ${where} ORDER BY b.created_at DESC, b.bot_id LIMIT $2 OFFSET $3`, [
    f.keyword,
    f.pageSize,
    (f.pageNum - 1) * f.pageSize,
  ])
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM group_bots b JOIN groups g ON g.group_id = b.group_id WHERE ${where}`, [f.keyword])
  return { rows, total: count.rows[0]?.n ?? 0 }
}

/** Only `wtId` sees the message (identity 99 reaches nobody by role): a quiet tip for one member. */
export async function showOnlyTo(q: Queryable, channelId: string, seq: number, wtId: string): Promise<void> {
  await q.query('UPDATE messages SET visible_identity = 99, visible_to = $3 WHERE channel_id = $1 AND seq = $2', [channelId, seq, wtId])
}
