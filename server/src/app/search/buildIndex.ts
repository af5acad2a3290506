/**
 * Keeps the messages' search keys (migration 160) in shape, in the background: once, the keys of
 * the messages stored before the migration, in short transactions of a batch each with a pause
 * between them, so sends (one connection on PGlite, row locks on PostgreSQL) are never held back
 * for long; and all along, the merge of the index's pending list, so that neither a search nor a
 * send ever meets a long one.
 */
import type { Db } from '../../db/Db.js'
import { searchKeysReady } from '../../data/search.js'
import { buildKeysStep, mergePendingKeys } from '../../data/searchIndex.js'

export interface IndexerOptions {
  /** Messages per transaction of the build. */
  batch: number
  /** Milliseconds between two batches of the build. */
  pauseMs: number
  /** Milliseconds between two merges of the pending list. */
  mergeMs: number
}

export const INDEXER_DEFAULTS: IndexerOptions = { batch: 500, pauseMs: 20, mergeMs: 1000 }

export interface SearchIndexer {
  /** Resolves when the messages stored before the migration have their keys (or the indexer stopped). */
  built: Promise<void>
  stop(): Promise<void>
}

type Log = { info(o: object, m: string): void; error(o: object, m: string): void }

/** Runs until stopped; a failed step is logged and tried again later. */
export function startSearchIndexer(db: Db, log: Log, opts: IndexerOptions = INDEXER_DEFAULTS): SearchIndexer {
  let stopped = false
  let wake: (() => void) | null = null
  let markBuilt: () => void = () => undefined
  const built = new Promise<void>((resolve) => (markBuilt = resolve))
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  const run = async () => {
    let building = !(await searchKeysReady(db))
    if (!building) markBuilt()
    const t0 = performance.now()
    let read = 0
    let lastMerge = 0
    if (building) log.info({}, 'building the message search keys of older messages')
    while (!stopped) {
      try {
        if (performance.now() - lastMerge >= opts.mergeMs) {
          lastMerge = performance.now()
          await mergePendingKeys(db)
        }
        if (building) {
          const step = await db.tx((q) => buildKeysStep(q, opts.batch))
          read += step.read
          if (step.done) {
            building = false
            log.info({ messages: read, seconds: Math.round((performance.now() - t0) / 1000) }, 'message search keys built')
            markBuilt()
          }
        }
        await pause(building ? opts.pauseMs : opts.mergeMs)
      } catch (err) {
        if (stopped) return
        log.error({ err }, 'message search upkeep failed; trying again')
        await pause(5000)
      }
    }
  }
  const finished = run()
    .catch((err: unknown) => log.error({ err }, 'message search upkeep stopped'))
    .finally(markBuilt)
  return {
    built,
    async stop() {
      stopped = true
      wake?.()
      await finished
    },
  }
}
