import type { ModerationKind, ModerationLists } from '../../../types/admin.js'
import type { Queryable } from '../db/Db.js'

const SEEDED_KEY = 'moderation_seeded'

export async function moderationLists(q: Queryable): Promise<ModerationLists> {
  const { rows } = await q.query<{ kind: ModerationKind; value: string }>('SELECT kind, value FROM moderation_entries ORDER BY kind, created_at, value')
  const lists: ModerationLists = { blocked: [], sensitive: [], image: [] }
  for (const r of rows) lists[r.kind].push(r.value)
  return lists
}

/** Marks the lists seeded; false when they were already (the first start alone copies the file). */
export async function markSeeded(q: Queryable): Promise<boolean> {
  const { rows } = await q.query(`INSERT INTO server_settings (key, value) VALUES ($1, 'file') ON CONFLICT DO NOTHING RETURNING key`, [SEEDED_KEY])
  return Boolean(rows[0])
}

export async function addModerationEntry(q: Queryable, kind: ModerationKind, value: string): Promise<boolean> {
  const stored = kind === 'image' ? value.toLowerCase() : value
  const r = await q.query('INSERT INTO moderation_entries (kind, value) VALUES ($1, $2) ON CONFLICT DO NOTHING', [kind, stored])
  return r.rowCount > 0
}

export async function removeModerationEntry(q: Queryable, kind: ModerationKind, value: string): Promise<boolean> {
  const r = await q.query('DELETE FROM moderation_entries WHERE kind = $1 AND value = $2', [kind, value])
  return r.rowCount > 0
}
