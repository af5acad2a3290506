import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import type { ModerationKind, ModerationLists } from '../../../types/admin.js'
import type { Bus } from '../bus/Bus.js'
import type { Db, Queryable } from '../db/Db.js'

const Lists = z.object({
  blocked: z.array(z.string().min(1)).default([]),
  sensitive: z.array(z.string().min(1)).default([]),
  sensitiveImageSha256: z.array(z.string().regex(/^[0-9a-f]{64}$/)).default([]),
})

export interface Moderation {
  /** 'blocked' refuses the message, 'sensitive' refuses it as risk content, null lets it through. */
  checkText(text: string): 'blocked' | 'sensitive' | null
  isSensitiveImage(sha256: string): boolean
  /** Reads the lists again (the live lists of the server; absent for fixed ones). */
  reload?(): Promise<void>
}

export const DEFAULT_MODERATION_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../moderation.default.json')

function readFile(file: string): ModerationLists {
  const lists = Lists.parse(JSON.parse(fs.readFileSync(file, 'utf8')))
  return { blocked: lists.blocked, sensitive: lists.sensitive, image: lists.sensitiveImageSha256 }
}

function fromLists(lists: ModerationLists): Moderation {
  const blocked = lists.blocked.map((w) => w.toLowerCase())
  const sensitive = lists.sensitive.map((w) => w.toLowerCase())
  const images = new Set(lists.image)
  return {
    checkText(text) {
      const t = text.toLowerCase()
      if (blocked.some((w) => t.includes(w))) return 'blocked'
      if (sensitive.some((w) => t.includes(w))) return 'sensitive'
      return null
    },
    isSensitiveImage: (sha) => images.has(sha),
  }
}

/** The lists of a JSON file, fixed for the life of the process (tests of the send path). */
export const loadModeration = (file: string = DEFAULT_MODERATION_FILE): Moderation => fromLists(readFile(file))

/** Every process listens here; an edit publishes on it so all of them reload before their next message. */
export const MODERATION_TOPIC = 'moderation'
const SEEDED_KEY = 'moderation_seeded'

export async function moderationLists(q: Queryable): Promise<ModerationLists> {
  const { rows } = await q.query<{ kind: ModerationKind; value: string }>('SELECT kind, value FROM moderation_entries ORDER BY kind, created_at, value')
  const lists: ModerationLists = { blocked: [], sensitive: [], image: [] }
  for (const r of rows) lists[r.kind].push(r.value)
  return lists
}

/** The first start copies MODERATION_FILE into the database; from then on the database is the list. */
async function seedOnce(db: Db, file: string): Promise<void> {
  await db.tx(async (q) => {
    const { rows } = await q.query(`INSERT INTO server_settings (key, value) VALUES ($1, 'file') ON CONFLICT DO NOTHING RETURNING key`, [SEEDED_KEY])
    if (!rows[0]) return
    const lists = readFile(file)
    for (const kind of ['blocked', 'sensitive', 'image'] as const) {
      for (const value of lists[kind]) {
        await q.query('INSERT INTO moderation_entries (kind, value) VALUES ($1, $2) ON CONFLICT DO NOTHING', [kind, value])
      }
    }
  })
}

/**
 * The live lists: read from the database at start-up and again whenever any process announces
 * an edit on the bus. The check itself stays synchronous and in memory on the send path.
 */
export async function liveModeration(db: Db, bus: Bus, seedFile: string = DEFAULT_MODERATION_FILE): Promise<Moderation & { reload(): Promise<void>; stop(): void }> {
  await seedOnce(db, seedFile)
  let current = fromLists(await moderationLists(db))
  const reload = async () => {
    current = fromLists(await moderationLists(db))
  }
  const stop = bus.subscribe(MODERATION_TOPIC, () => void reload().catch(() => undefined))
  return {
    checkText: (text) => current.checkText(text),
    isSensitiveImage: (sha) => current.isSensitiveImage(sha),
    reload,
    stop,
  }
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
