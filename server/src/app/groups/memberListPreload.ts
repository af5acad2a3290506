import type { Queryable } from '../../db/Db.js'
import { groupsOfUsers, largeGroupLists } from '../../data/groups/memberLists.js'
import { FANOUT_LIST_MAX, WHOLE_LIST_MAX, type MemberListCache } from '../../domain/groups/memberListCache.js'

/**
 * Groups with at least this many members have their list read when one of their members
 * connects, before anyone sends to them. Reading a smaller list on the first send costs a
 * millisecond or two; a list of 5,000 cost the first message's acknowledgement about 20 ms.
 */
export const PRELOAD_MIN_MEMBERS = 500
/** Connections are gathered this long and looked up together, so a reconnecting crowd is a few queries, not one each. */
const GATHER_MS = 50
/** Most users named in one lookup. */
const USERS_PER_QUERY = 5_000

export interface MemberListPreloader {
  /** A user's first socket on this process opened. */
  connected(wtId: string): void
  /** Resolves once every lookup started so far has finished (for tests). */
  settled(): Promise<void>
  /** Stops reading ahead; resolves when a lookup under way has finished. */
  close(): Promise<void>
}

/**
 * Reads ahead the member lists of the large groups of users who connect, into the lists kept for
 * sends and fan-outs (domain/groups/memberListCache.ts), each with the member version read in the same
 * statement; a group too large to list on a send is read whole, as its fan-out keeps it. A list
 * read ahead is used only while that version is current, exactly like one a send read, so a
 * membership change committed in between makes the first send read the list again.
 *
 * Only groups whose members are connected to this process are read, and each at most once
 * while it is kept; lists never push out the ones sends are using (`offer`).
 */
export function memberListPreloader(db: Queryable, cache: MemberListCache, onError: (err: unknown) => void): MemberListPreloader {
  let waiting = new Set<string>()
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> = Promise.resolve()
  let closed = false

  async function load(wtIds: string[]) {
    const unkept = (await groupsOfUsers(db, wtIds)).filter((id) => !cache.has(id))
    if (unkept.length === 0) return
    // A group is read whole only when it has PRELOAD_MIN_MEMBERS: the OFFSET probe stops there.
    const rows = await largeGroupLists(db, unkept, WHOLE_LIST_MAX + 1, PRELOAD_MIN_MEMBERS)
    for (const r of rows) {
      const members = r.members.length <= WHOLE_LIST_MAX ? r.members : null
      if (!cache.offer(r.group_id, r.member_version, members)) continue
      // A group too large to list is fanned out by looking its members up in a set: made now, not on its first message.
      if (members && members.length > FANOUT_LIST_MAX) cache.memberSet(members)
    }
  }

  function run() {
    timer = null
    const wtIds = [...waiting]
    waiting = new Set()
    // Lookups run one after another: a burst of connections never holds more than one pool connection.
    running = running.then(async () => {
      for (let i = 0; i < wtIds.length && !closed; i += USERS_PER_QUERY) {
        await load(wtIds.slice(i, i + USERS_PER_QUERY)).catch(onError)
      }
    })
  }

  return {
    connected(wtId) {
      if (closed) return
      waiting.add(wtId)
      timer ??= setTimeout(run, GATHER_MS).unref()
    },
    async settled() {
      if (timer) {
        clearTimeout(timer)
        run()
      }
      await running
    },
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      timer = null
      waiting.clear()
      await running
    },
  }
}
