/**
 * Keeps the term index (migration 090) up to date, in the background: the messages queued by
 * their send, and once the messages stored before the migration, in short transactions of a
 * batch each with a pause between them, so sends (one connection on PGlite, row locks on
 * PostgreSQL) are never held back for long.
 */
import type { Db } from '../../db/Db.js'
import { buildTermsStep, indexQueuedStep, termIndexReady } from '../../data/search.js'

export interface IndexerOptions {
  /** Messages per transaction. */
  batch: number
  /** Milliseconds between two batches while there is work. */
  pauseMs: number
  /** Milliseconds between two looks at an empty queue. */
  idleMs: number
}

export const INDEXER_DEFAULTS: IndexerOptions = { batch: 500, pauseMs: 20, idleMs: 250 }

export interface SearchIndexer {
  /** Resolves when the messages stored before the migration are indexed (or the indexer stopped). */
  built: Promise<void>
  stop(): Promise<void>
}

type Log = { info(o: object, m: string): void; error(o: object, m: string): void }

/** Runs until stopped; a failed batch is logged and tried again later. */
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
    let building = !(await termIndexReady(db))
    if (!building) markBuilt()
    const t0 = performance.now()
    let read = 0
    if (building) log.info({}, 'building the message search index over older messages')
    while (!stopped) {
      try {
        let worked = (await db.tx((q) => indexQueuedStep(q, opts.batch))) > 0
        if (building) {
          const step = await db.tx((q) => buildTermsStep(q, opts.batch))
          read += step.read
          worked = true
          if (step.done) {
            building = false
            log.info({ messages: read, seconds: Math.round((performance.now() - t0) / 1000) }, 'message search index built')
            markBuilt()
          }
        }
        await pause(worked ? opts.pauseMs : opts.idleMs)
      } catch (err) {
        if (stopped) return
        log.error({ err }, 'message search indexing failed; trying again')
        await pause(5000)
      }
    }
  }
  const finished = run()
    .catch((err: unknown) => log.error({ err }, 'message search indexer stopped'))
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
