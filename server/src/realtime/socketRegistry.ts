import { WS_HEARTBEAT_MS, WsClose } from '../../../types/ws.js'
import type { Presence } from '../adapters/presence.js'
import { userTopic, type Bus, type BusEvent } from '../bus/Bus.js'
import type { Client } from './socketParts.js'

/** Each socket is visited by the transport-level ping once per this long. */
const SWEEP_MS = WS_HEARTBEAT_MS + 5_000
/** The sweep is spread over this many turns a second apart, so it never writes to every socket at once. */
const SWEEP_TURNS = Math.round(SWEEP_MS / 1_000)

export interface SocketRegistryOptions {
  bus: Pick<Bus, 'subscribe'>
  presence: Pick<Presence, 'connected' | 'disconnected'>
  /** Most sockets one account keeps open on this process; the oldest go first. */
  socketsPerAccount: number
  /** An event on the user topic of a user with a socket here. */
  deliver(wtId: string, event: BusEvent): void
  /** A user's first socket on this process opened. */
  firstSocket(wtId: string): void
}

export interface SocketRegistry {
  register(client: Client): void
  unregister(client: Client): void
  /** The open sockets of one user here, if any. */
  socketsOf(wtId: string): ReadonlySet<Client> | undefined
  /** Users with a socket here. */
  users(): IterableIterator<string>
  isConnected(wtId: string): boolean
  /** How many users have a socket here. */
  userCount(): number
  /** Every open socket here. */
  sockets(): Client[]
  /**
   * Transport-level pings find dead peers that never sent a close: a socket that has not answered
   * the ping of its previous visit is cut. Returns the stop function.
   */
  startSweep(): () => void
  /** Leaves every user topic and forgets the sockets (they are closed by the caller). */
  clear(): void
}

/**
 * The sockets open on this process, by user. A user's first socket subscribes to their user
 * topic on the bus and their last one leaves it; each socket counts in the user's presence.
 */
export function socketRegistry({ bus, presence, socketsPerAccount, deliver, firstSocket }: SocketRegistryOptions): SocketRegistry {
  const byUser = new Map<string, { clients: Set<Client>; unsubscribe: () => void }>()
  /** Sockets by the turn of the sweep that visits them, dealt round-robin as they connect. */
  const sweepTurns = Array.from({ length: SWEEP_TURNS }, () => new Set<Client>())
  let nextTurn = 0

  function register(client: Client) {
    client.sweepTurn = nextTurn
    nextTurn = (nextTurn + 1) % SWEEP_TURNS
    sweepTurns[client.sweepTurn]!.add(client)
    const { wtId } = client.session
    let entry = byUser.get(wtId)
    if (!entry) {
      entry = { clients: new Set(), unsubscribe: bus.subscribe(userTopic(wtId), (e) => deliver(wtId, e)) }
      byUser.set(wtId, entry)
      firstSocket(wtId)
    }
    entry.clients.add(client)
    presence.connected(wtId)
    // A Set keeps insertion order: the first ones are the oldest.
    for (const old of entry.clients) {
      if (entry.clients.size <= socketsPerAccount) break
      entry.clients.delete(old)
      presence.disconnected(wtId)
      old.ws.close(WsClose.TooManySockets, 'too many sockets')
    }
  }

  function unregister(client: Client) {
    sweepTurns[client.sweepTurn]!.delete(client)
    const entry = byUser.get(client.session.wtId)
    if (!entry) return
    if (entry.clients.delete(client)) presence.disconnected(client.session.wtId)
    if (entry.clients.size === 0) {
      entry.unsubscribe()
      byUser.delete(client.session.wtId)
    }
  }

  function startSweep() {
    // One turn a second visits a thirtieth of the sockets; a sweep of all of them at once was
    // thousands of writes in one go, enough to hold up a fan-out.
    let turn = 0
    const sweep = setInterval(() => {
      const visiting = sweepTurns[turn]!
      turn = (turn + 1) % SWEEP_TURNS
      for (const c of visiting) {
        if (!c.alive) {
          c.ws.terminate()
          continue
        }
        c.alive = false
        c.ws.ping()
      }
    }, SWEEP_MS / SWEEP_TURNS)
    sweep.unref()
    return () => clearInterval(sweep)
  }

  return {
    register,
    unregister,
    socketsOf: (wtId) => byUser.get(wtId)?.clients,
    users: () => byUser.keys(),
    isConnected: (wtId) => byUser.has(wtId),
    userCount: () => byUser.size,
    sockets: () => [...byUser.values()].flatMap((entry) => [...entry.clients]),
    startSweep,
    clear() {
      for (const entry of byUser.values()) entry.unsubscribe()
      byUser.clear()
    },
  }
}
