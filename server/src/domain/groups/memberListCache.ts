import type { Queryable } from '../../db/Db.js'

/**
 * Member lists of the groups this process sends to, each with the member version it was read at
 * (migration 017: every membership change gives the group a new version in its own transaction).
 * A send's rule query reads the group's current version in the same snapshot as the sender's
 * rules and returns the list only when the kept one is not that version; so a kept list is used
 * only while it is the current one, on every process, with nothing to invalidate.
 *
 * `members` is null for a group larger than the fan-out list (its sends name the group instead)
 * until a fan-out of one of its messages reads the whole list (wholeMemberList). Lists are shared
 * by every send that uses them and must not be changed.
 */
export interface KeptMembers {
  version: string
  members: readonly string[] | null
}

/**
 * Groups up to this size carry their member list with the push; larger ones (a community group
 * has up to 100,000 members) are never listed on a send: each server process looks up which of
 * its own connected users are members (see realtime/gateway.ts).
 */
export const FANOUT_LIST_MAX = 5000

/** Most member IDs kept per database in one process (a few tens of MB at worst); least recently sent-to groups go first. */
const MAX_IDS = 200_000
/** The largest list a fan-out keeps whole: a community group's 100,000, twice over within MAX_IDS. */
export const WHOLE_LIST_MAX = MAX_IDS / 2

/** Members of a kept list as a set, made once per list for the fan-out of a group too large to list. */
const memberSets = new WeakMap<readonly string[], ReadonlySet<string>>()

export function memberSet(members: readonly string[]): ReadonlySet<string> {
  let set = memberSets.get(members)
  if (!set) memberSets.set(members, (set = new Set(members)))
  return set
}

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

  has(groupId: string): boolean {
    return this.lists.has(groupId)
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

  /**
   * A list read ahead of any send (memberListPreload.ts): kept only when the group has none yet
   * and it fits in the room left, so reading ahead never pushes out a list that sends are using.
   */
  offer(groupId: string, version: string, members: readonly string[] | null): boolean {
    if (this.lists.has(groupId) || this.ids + (members?.length ?? 0) > MAX_IDS) return false
    this.set(groupId, version, members)
    return true
  }

  /**
   * The list to use for a group whose current version a query has just read (in the same
   * snapshot as whatever decided the caller may send to it): the kept one when it is that
   * version, else `fresh`, the list the query returned, which is then kept.
   */
  settle(groupId: string, kept: KeptMembers | undefined, version: string | null, fresh: readonly string[]): readonly string[] | null {
    // A whole list a fan-out kept for a large group is never the list a send carries.
    if (kept && version === kept.version) return kept.members && kept.members.length <= FANOUT_LIST_MAX ? kept.members : null
    const listed = fresh.length <= FANOUT_LIST_MAX ? fresh : null
    if (version !== null) this.set(groupId, version, listed)
    return listed
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

/**
 * The whole member list of a group too large to list on a send, for the fan-out of its messages
 * on this process: the kept one when it is at `version` (the member version the send's rules
 * were read at), else read with its current version in one statement and kept. Null when the
 * group has more than WHOLE_LIST_MAX members (the fan-out then asks the database each time).
 */
export async function wholeMemberList(q: Queryable, groupId: string, version: string | undefined): Promise<readonly string[] | null> {
  const cache = memberListCache(q)
  const kept = cache.get(groupId)
  if (kept?.members && kept.version === version) return kept.members
  const { rows } = await q.query<{ member_version: string; members: string[] | null }>(
    `SELECT g.member_version::text AS member_version,
            CASE WHEN g.member_version IS DISTINCT FROM $2::bigint THEN
              (SELECT array_agg(x.wt_id) FROM (SELECT x.wt_id FROM group_members x WHERE x.group_id = $1 AND x.left_at IS NULL LIMIT $3) x) END AS members
     FROM groups g WHERE g.group_id = $1`,
    [groupId, kept?.members ? kept.version : null, WHOLE_LIST_MAX + 1],
  )
  const r = rows[0]
  if (!r) return []
  if (kept?.members && r.member_version === kept.version) return kept.members
  const members = r.members ?? []
  if (members.length > WHOLE_LIST_MAX) return null
  cache.set(groupId, r.member_version, members)
  return members
}
