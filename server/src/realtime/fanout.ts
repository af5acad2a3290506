import type { FastifyBaseLogger } from 'fastify'
import type { BusEvent } from '../bus/Bus.js'
import type { Queryable } from '../db/Db.js'
import { connectedMembers, wholeMemberList } from '../app/groups/memberLists.js'
import type { MemberListCache } from '../domain/groups/memberListCache.js'
import { Outgoing } from './socketParts.js'
import type { SocketRegistry } from './socketRegistry.js'

/** `payload` gives the frame's text; it runs only once a socket takes it. */
export type DeliverTo = (wtId: string, event: BusEvent, payload: () => Outgoing | null) => void

export interface FanoutOptions {
  db: Queryable
  memberLists: MemberListCache
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
  registry: Pick<SocketRegistry, 'users' | 'isConnected' | 'userCount'>
  deliverTo: DeliverTo
}

export interface Fanout {
  /** Delivers an event of the fan-out topic to the users it names who have a socket here. */
  deliver(event: BusEvent): void
  /** Resolves once every group event waiting for a lookup has been delivered (for tests). */
  settled(): Promise<void>
}

/**
 * Who on this process gets an event of the fan-out topic: the connected users among the ones it
 * lists, or, for a large group's event that names the group instead, its connected members.
 *
 * When a large group's whole member list is kept on this process (memberListCache.ts, read ahead
 * when a member connects) at the member version the event carries, the event is delivered at
 * once. Otherwise one query finds which of this process's connected users are members, and the
 * whole list is read again beside it, for the next events: reading 100,000 IDs takes longer than
 * that query, and the event should not wait for it. Events of one group waiting for a query are
 * delivered one after another, so its messages reach sockets in the order they were published.
 */
export function fanoutResolver({ db, memberLists, log, registry, deliverTo }: FanoutOptions): Fanout {
  const groupChains = new Map<string, Promise<void>>()
  const rereading = new Set<string>()
  /** Groups found larger than a kept list may be, by the version they were found so at: not read again until it moves. */
  const tooLarge = new Map<string, string | undefined>()

  function rereadWholeList(groupId: string, version: string | undefined) {
    if (rereading.has(groupId) || (tooLarge.has(groupId) && tooLarge.get(groupId) === version)) return
    rereading.add(groupId)
    void wholeMemberList(db, memberLists, groupId, version)
      .then((members) => (members ? tooLarge.delete(groupId) : tooLarge.set(groupId, version)))
      .catch((err: unknown) => log.warn({ err, groupId }, 'group member list read failed'))
      .finally(() => rereading.delete(groupId))
  }

  /** Delivers to the connected users among `members`, looking up whichever side is smaller. */
  function deliverToMembers(members: readonly string[], event: BusEvent, payload: () => Outgoing) {
    if (members.length <= registry.userCount()) {
      for (const wtId of members) if (wtId !== event.exceptUser) deliverTo(wtId, event, payload)
      return
    }
    const isMember = memberLists.memberSet(members)
    for (const wtId of registry.users()) if (wtId !== event.exceptUser && isMember.has(wtId)) deliverTo(wtId, event, payload)
  }

  function deliverToGroup(groupId: string, event: BusEvent, payload: () => Outgoing) {
    const kept = event.memberVersion === undefined || groupChains.has(groupId) ? undefined : memberLists.get(groupId)
    if (kept?.members && kept.version === event.memberVersion) return deliverToMembers(kept.members, event, payload)
    const previous = groupChains.get(groupId) ?? Promise.resolve()
    const next = previous
      .then(async () => {
        if (registry.userCount() === 0) return
        const kept = memberLists.get(groupId)
        if (kept?.members && kept.version === event.memberVersion) return deliverToMembers(kept.members, event, payload)
        rereadWholeList(groupId, event.memberVersion)
        const online = [...registry.users()].filter((id) => id !== event.exceptUser)
        for (const wtId of await connectedMembers(db, groupId, online)) deliverTo(wtId, event, payload)
      })
      .catch((err: unknown) => log.error({ err, groupId }, 'group fan-out lookup failed'))
    groupChains.set(groupId, next)
    void next.then(() => {
      if (groupChains.get(groupId) === next) groupChains.delete(groupId)
    })
  }

  return {
    deliver(event) {
      if (!event.frame) return
      // Serialised once, however many local sockets receive it.
      const outgoing = new Outgoing(JSON.stringify(event.frame))
      const payload = () => outgoing
      if (event.group) return deliverToGroup(event.group, event, payload)
      if (!event.recipients) return
      for (const wtId of event.recipients) {
        if (wtId !== event.exceptUser && registry.isConnected(wtId)) deliverTo(wtId, event, payload)
      }
    },
    async settled() {
      while (groupChains.size > 0) await Promise.all(groupChains.values())
    },
  }
}
