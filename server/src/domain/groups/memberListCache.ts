import type { Queryable } from '../../db/Db.js'

/**
 * Member lists of the groups this process sends to, each with the member version it was read at
 * (migration 017: every membership change gives the group a new version in its own transaction).
 * A send's rule query reads the group's current version in the same snapshot as the sender's
 * rules and returns the list only when the kept one is not that version; so a kept list is used
 * only while it is the current one, on every process, with nothing to invalidate.
 *
 * `members` is null for a group larger than the fan-out list (its sends name the group instead).
 * Lists are shared by every send that uses them and must not be changed.
 */
export interface KeptMembers {
  version: string
  members: readonly string[] | null
}

/** Most member IDs kept per database in one process (a few tens of MB at worst); least recently sent-to groups go first. */
const MAX_IDS = 200_000

class MemberListCache {
  private readonly lists = new Map<string, KeptMembers>()
  private ids = 0

  get(groupId: string): KeptMembers | undefined {
    const kept = this.lists.get(groupId)
    if (kept) {
      // Map order is insertion order: moving a used list to the end makes the first the least recently used.
      this.lists.delete(groupId)
      this.lists.set(groupId, kept)
    }
    return kept
  }

  set(groupId: string, version: string, members: readonly string[] | null) {
    this.drop(groupId)
    const size = members?.length ?? 0
    if (size > MAX_IDS) return
    this.lists.set(groupId, { version, members: members && Object.freeze(members) })
    this.ids += size
    for (const [oldest, kept] of this.lists) {
      if (this.ids <= MAX_IDS) break
      this.lists.delete(oldest)
      this.ids -= kept.members?.length ?? 0
    }
  }

  private drop(groupId: string) {
    const kept = this.lists.get(groupId)
    if (!kept) return
    this.lists.delete(groupId)
    this.ids -= kept.members?.length ?? 0
  }
}

const caches = new WeakMap<Queryable, MemberListCache>()

/** The lists kept for sends on `db`; one cache per database object, so two databases in one process never share one. */
export function memberListCache(db: Queryable): MemberListCache {
  let c = caches.get(db)
  if (!c) {
    c = new MemberListCache()
    caches.set(db, c)
  }
  return c
}
