import type { Paged } from '../../../../types/envelope.js'
import type { Moment, MomentInteractions } from '../../../../types/moments.js'
import { FEEDS_TOPIC, type Bus, type FeedsChange } from '../../bus/Bus.js'

/**
 * Each viewer's first feed page (the list answer and the likes and comments of its moments), kept
 * in this process so that opening the feed again costs no query. A page is dropped when a
 * committed change may alter it: the writing process drops it at once, and publishes the change on
 * the bus (FEEDS_TOPIC) for the others before the change's answer leaves (realtime/momentEvents.ts
 * feedsChanged).
 *
 * What alters a viewer's first page, and the scope it is published with:
 * - a moment published or deleted by the viewer or a friend: the author and everyone who has the
 *   author as a friend (`viewers`);
 * - a like, unlike, comment or deleted comment: the pages showing that moment (`moments`);
 * - a friendship made or ended, a remark, either space flag, a blacklist entry, a tag (the
 *   author's own page names its tags): both users of the pair (`viewers`, through
 *   pushFriendChange);
 * - a nickname or avatar: the pages showing that person anywhere (`people`);
 * - an account deleted: every page (`all`).
 * Tag membership does not alter a page: a tag-limited moment keeps the audience of the day it was
 * published.
 *
 * A page computed while a change commits could hold the old state: a change that arrives while a
 * page is being computed keeps that page out of the cache. The bus is best-effort, so a page also
 * lives at most PAGE_TTL_MS.
 */
const PAGE_TTL_MS = 10_000
/** Viewers kept per process, the least recently read dropped first: a page with its likes and comments is some tens of KB in memory. */
const MAX_VIEWERS = 1_000

export interface FirstPage {
  page: Paged<Moment>
  interactions: MomentInteractions[]
}

interface Entry extends FirstPage {
  pageSize: number
  at: number
  ids: Set<number>
  people: Set<string>
}

interface Pending {
  pageSize: number
  stale: boolean
  promise: Promise<FirstPage>
}

function peopleOf(p: FirstPage): Set<string> {
  const people = new Set<string>()
  for (const m of p.page.rows) people.add(m.wtId)
  for (const i of p.interactions) {
    for (const l of i.praiseList) people.add(l.wtId)
    for (const c of i.commentsList) {
      people.add(c.wtId)
      if (c.replyWtId) people.add(c.replyWtId)
    }
  }
  return people
}

export class FirstPageCache {
  private readonly entries = new Map<string, Entry>()
  private readonly pending = new Map<string, Pending>()

  constructor(private readonly now: () => number = Date.now) {}

  /** The viewer's first page of `pageSize`, from the cache or from `compute` (one computation at a time per viewer). */
  async get(viewer: string, pageSize: number, compute: () => Promise<FirstPage>): Promise<FirstPage> {
    const hit = this.entries.get(viewer)
    if (hit && hit.pageSize === pageSize && this.now() - hit.at < PAGE_TTL_MS) {
      this.entries.delete(viewer)
      this.entries.set(viewer, hit)
      return hit
    }
    const running = this.pending.get(viewer)
    if (running && running.pageSize === pageSize) return running.promise
    const started = this.now()
    const record: Pending = { pageSize, stale: false, promise: compute() }
    this.pending.set(viewer, record)
    try {
      const value = await record.promise
      if (!record.stale) this.store(viewer, pageSize, value, started)
      return value
    } finally {
      if (this.pending.get(viewer) === record) this.pending.delete(viewer)
    }
  }

  /** The likes and comments of `ids` when they all belong to the viewer's cached first page. */
  interactions(viewer: string, ids: number[]): MomentInteractions[] | null {
    const hit = this.entries.get(viewer)
    if (!hit || this.now() - hit.at >= PAGE_TTL_MS || !ids.every((id) => hit.ids.has(id))) return null
    const wanted = new Set(ids)
    return hit.interactions.filter((i) => wanted.has(i.id))
  }

  drop(change: FeedsChange): void {
    if (change.all) {
      this.entries.clear()
      this.dropPending(() => true)
      return
    }
    for (const v of change.viewers ?? []) this.entries.delete(v)
    const moments = change.moments ?? []
    const people = change.people ?? []
    if (moments.length || people.length) {
      for (const [viewer, e] of this.entries) {
        if (moments.some((id) => e.ids.has(id)) || people.some((p) => e.people.has(p))) this.entries.delete(viewer)
      }
    }
    // A page still being computed may or may not hold these moments or people: it is not kept.
    const viewers = new Set(change.viewers ?? [])
    this.dropPending((viewer) => moments.length > 0 || people.length > 0 || viewers.has(viewer))
  }

  /** Follows the feeds topic; answers the unsubscribe function. */
  listen(bus: Bus): () => void {
    return bus.subscribe(FEEDS_TOPIC, (event) => {
      if (event.feeds) this.drop(event.feeds)
    })
  }

  private dropPending(match: (viewer: string) => boolean): void {
    for (const [viewer, p] of this.pending) {
      if (!match(viewer)) continue
      p.stale = true
      this.pending.delete(viewer)
    }
  }

  private store(viewer: string, pageSize: number, value: FirstPage, at: number): void {
    this.entries.delete(viewer)
    this.entries.set(viewer, { ...value, pageSize, at, ids: new Set(value.page.rows.map((m) => m.id)), people: peopleOf(value) })
    if (this.entries.size > MAX_VIEWERS) this.entries.delete(this.entries.keys().next().value!)
  }
}
