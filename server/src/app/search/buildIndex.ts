/**
 * Writes the message search blocks (migration 170) beside the sends, in the background: every few
 * seconds a live pass over what was stored since the last one, and once, the build over the
 * messages stored before the migration, a batch at a time with a pause between. Each reads
 * without a lock, makes the blocks in slices that yield to the event loop, and writes them in a
 * short transaction of its own, so sends are held back by neither (one connection on PGlite, row
 * locks on PostgreSQL). A search reads what is not in a block yet from the messages themselves.
 */
import type { Db } from '../../db/Db.js'
import { blocksOf, type BlockMessage, type SearchBlock } from '../../domain/searchBlocks.js'
import {
  advanceBuild,
  insertBlocks,
  gapMessages,
  lockBuild,
  mergePendingBlocks,
  nextToBuild,
  readBuildState,
  setLiveAfter,
  storedSince,
} from '../../data/searchIndex.js'

export interface IndexerOptions {
  /** Messages per batch of the build. */
  batch: number
  /** Milliseconds between two batches of the build. */
  pauseMs: number
  /** Milliseconds between two live passes. */
  liveMs: number
}

export const INDEXER_DEFAULTS: IndexerOptions = { batch: 2000, pauseMs: 20, liveMs: 3000 }

/**
 * A live pass reads from this long before the last one started: a send's messages carry its
 * transaction's start, and it may commit a little later than another pass read.
 */
const LATE_COMMIT_MS = 1000
/**
 * A pass reads at most this far back: after the indexer stood still (message search turned off, a
 * stalled database), what is older waits above its channel's watermark, found by every search,
 * until the channel's next message shows the gap and a pass fills it.
 */
const MAX_WINDOW_MS = 60_000
/** Most messages of one gap a live pass fills; the next fills the rest. */
const PER_GAP = 2000
/** Messages keyed between two yields to the event loop. */
const SLICE = 500
/**
 * Blocks a live pass writes in one transaction, and its pause before the next: the sends share
 * the database's cores, and one write of a pass's thousand blocks held them back for tens of
 * milliseconds. The index's pending list is merged once a pass: a merge costs less a block the
 * more it merges.
 */
const WRITE = 200
const WRITE_PAUSE_MS = 20

export interface SearchIndexer {
  /** Resolves when the messages stored before the migration are in blocks (or the indexer stopped). */
  built: Promise<void>
  /** Runs a live pass now (tests): resolves when it is written. */
  pass(): Promise<void>
  stop(): Promise<void>
}

type Log = { info(o: object, m: string): void; error(o: object, m: string): void }

const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve))
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The first index at or after `at` where a channel begins (or the end) in a list grouped by
 * channel: a slice of messages keys a channel whole, and a write stores a channel's blocks
 * together, as insertBlocks stores them only above the watermark they were read at.
 */
function channelEnd(items: ReadonlyArray<{ channelId: string }>, at: number): number {
  let to = Math.min(items.length, at)
  while (to > 0 && to < items.length && items[to]!.channelId === items[to - 1]!.channelId) to++
  return to
}

/** The blocks of messages in channel order, made a slice at a time; a channel never spans two slices' blocks. */
async function makeBlocks(messages: BlockMessage[]): Promise<SearchBlock[]> {
  const blocks: SearchBlock[] = []
  let from = 0
  while (from < messages.length) {
    const to = channelEnd(messages, from + SLICE)
    blocks.push(...blocksOf(messages.slice(from, to)))
    from = to
    if (from < messages.length) await yieldLoop()
  }
  return blocks
}

/**
 * The channels whose first message read lies beyond the one after the watermark: a send that
 * committed later than its time says, after the last pass had read past that time.
 */
function gapsOf(read: BlockMessage[]): Array<{ channelId: string; mark: number; before: number }> {
  const gaps = []
  for (let i = 0; i < read.length; i++) {
    const m = read[i]!
    const first = i === 0 || read[i - 1]!.channelId !== m.channelId
    if (first && m.seq > m.mark + 1) gaps.push({ channelId: m.channelId, mark: m.mark, before: m.seq })
  }
  return gaps
}

/**
 * The messages read, each channel's gap before them. A gap filled only in part (PER_GAP) is all its
 * channel gets this pass: its blocks must run on from the watermark without a hole.
 */
function withGaps(read: BlockMessage[], gaps: BlockMessage[]): BlockMessage[] {
  if (gaps.length === 0) return read
  const byChannel = new Map<string, BlockMessage[]>()
  for (const g of gaps) {
    const list = byChannel.get(g.channelId)
    if (list) list.push(g)
    else byChannel.set(g.channelId, [g])
  }
  const out: BlockMessage[] = []
  let cut: string | null = null
  for (let i = 0; i < read.length; i++) {
    const m = read[i]!
    if (i === 0 || read[i - 1]!.channelId !== m.channelId) {
      const gap = byChannel.get(m.channelId) ?? []
      out.push(...gap)
      cut = gap.length >= PER_GAP ? m.channelId : null
    }
    if (cut !== m.channelId) out.push(m)
  }
  return out
}

async function livePass(db: Db): Promise<void> {
  const state = await readBuildState(db)
  const since = new Date(Math.max(state.liveAfter.getTime() - LATE_COMMIT_MS, state.at.getTime() - MAX_WINDOW_MS))
  const read = await storedSince(db, since, state)
  const blocks = await makeBlocks(withGaps(read, await gapMessages(db, gapsOf(read), PER_GAP)))
  let from = 0
  do {
    if (from > 0) await sleep(WRITE_PAUSE_MS)
    const to = channelEnd(blocks, from + WRITE)
    await db.tx(async (q) => {
      await lockBuild(q)
      await insertBlocks(q, blocks.slice(from, to))
      if (to === blocks.length) await setLiveAfter(q, state.at)
    })
    from = to
  } while (from < blocks.length)
  await mergePendingBlocks(db)
}

/** One batch of the build; answers the messages read, or null when the build is done. */
async function buildStep(db: Db, batch: number): Promise<number | null> {
  const state = await readBuildState(db)
  if (state.done) return null
  const messages = await nextToBuild(db, state, batch)
  const blocks = await makeBlocks(messages)
  const last = messages[messages.length - 1]
  const done = messages.length < batch
  const moved = await db.tx(async (q) => {
    const now = await lockBuild(q)
    // Another server's indexer took this batch meanwhile.
    if (now.done || now.afterChannel !== state.afterChannel || now.afterSeq !== state.afterSeq) return false
    await insertBlocks(q, blocks)
    await advanceBuild(q, last ? { channelId: last.channelId, seq: last.seq } : null, messages.length, done)
    return true
  })
  return done ? null : moved ? messages.length : 0
}

/** Runs until stopped; a failed step is logged and tried again later. */
export function startSearchIndexer(db: Db, log: Log, opts: IndexerOptions = INDEXER_DEFAULTS): SearchIndexer {
  let stopped = false
  let wake: (() => void) | null = null
  let markBuilt: () => void = () => undefined
  const built = new Promise<void>((resolve) => (markBuilt = resolve))
  let passes: Array<() => void> = []
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  const run = async () => {
    let building = !(await readBuildState(db)).done
    if (!building) markBuilt()
    const t0 = performance.now()
    let read = 0
    let lastLive = -Infinity
    if (building) log.info({}, 'building the message search blocks of older messages')
    while (!stopped) {
      try {
        const asked = passes
        if (asked.length || performance.now() - lastLive >= opts.liveMs) {
          passes = []
          lastLive = performance.now()
          await livePass(db)
          for (const done of asked) done()
        }
        if (building) {
          const step = await buildStep(db, opts.batch)
          if (step === null) {
            building = false
            await mergePendingBlocks(db)
            log.info({ messages: read, seconds: Math.round((performance.now() - t0) / 1000) }, 'message search blocks built')
            markBuilt()
          } else read += step
        }
        if (!passes.length) await pause(building ? opts.pauseMs : Math.max(0, opts.liveMs - (performance.now() - lastLive)))
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
    pass: () =>
      new Promise<void>((resolve) => {
        passes.push(resolve)
        wake?.()
      }),
    async stop() {
      stopped = true
      wake?.()
      await finished
      for (const done of passes) done()
    },
  }
}
