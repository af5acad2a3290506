import type { ModerationLists } from '../../../types/admin.js'
import type { Bus } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import type { Db } from '../db/Db.js'
import { addModerationEntry, markSeeded, moderationLists } from '../data/moderation.js'
import { DEFAULT_MODERATION_FILE, fromLists, MODERATION_TOPIC, readModerationFile, type Moderation } from '../domain/moderation.js'

/** The first start copies MODERATION_FILE into the database; from then on the database is the list. */
async function seedOnce(db: Db, file: string): Promise<void> {
  await db.tx(async (q) => {
    if (!(await markSeeded(q))) return
    const lists = readModerationFile(file)
    for (const kind of ['blocked', 'sensitive', 'image'] as const) {
      for (const value of lists[kind]) await addModerationEntry(q, kind, value)
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

/** The lists as the database holds them now (the operator's page). */
export const currentModerationLists = (ctx: Pick<AppContext, 'db'>): Promise<ModerationLists> => moderationLists(ctx.db)
