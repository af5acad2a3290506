/**
 * Member lists of the groups this process sends to, each with the member version it was read at
 * (migration 017: every membership change gives the group a new version in its own transaction).
 * A send's rule query reads the group's current version in the same snapshot as the sender's
 * rules and returns the list only when the kept one is not that version; so a kept list is used
 * only while it is the current one, on every process, with nothing to invalidate.
 *
 * `members` is null for a group larger than the fan-out list (its sends name the group instead)
 * until a fan-out of one of its messages reads the whole list (wholeMemberList, app/groups/memberLists.ts). Lists are shared
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

/**
 * The lists kept for sends on one app's database, built once by the composition root (compose.ts)
 * and kept in the context as `memberLists`, so two apps in one process never share one.
 */
export class MemberListCache {
  private readonly lists = new Map<string, KeptMembers>()
  private ids = 0
  /** Members of a kept list as a set, made once per list for the fan-out of a group too large to list. */
  private readonly memberSets = new WeakMap<readonly string[], ReadonlySet<string>>()

  memberSet(members: readonly string[]): ReadonlySet<string> {
    let set = this.memberSets.get(members)
    if (!set) this.memberSets.set(members, (set = new Set(members)))
    return set
  }

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
   * A list read ahead of any send (app/groups/memberListPreload.ts): kept only when the group has none yet
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
