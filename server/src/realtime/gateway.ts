import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import { PROTOCOL_VERSION, ResultCode } from '../../../types/codes.js'
import { ClientFrame, type SingleServerFrame } from '../../../types/frames.js'
import { WS_HEARTBEAT_MS, WS_MAX_FRAME_BYTES, WsClose } from '../../../types/ws.js'
import { FANOUT_TOPIC, userTopic, type BusEvent } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import { memberIdsAmong } from '../domain/groups/currentMembers.js'
import { memberListCache, memberSet, wholeMemberList } from '../domain/groups/memberListCache.js'
import { memberListPreloader } from '../domain/groups/memberListPreload.js'
import { badRequest, Refusal } from '../domain/refusal.js'
import { findSession, type SessionInfo } from '../domain/sessions.js'
import { originAllowed } from './origin.js'
import { FRAME_FLOOD_TEXT, FrameBuckets } from './frameBuckets.js'
import { errorFrameFor, nackFor } from './refusals.js'

/** How long a socket closed for falling behind may take to say goodbye before it is cut. */
const SLOW_CLOSE_GRACE_MS = 5_000
/** Each socket is visited by the transport-level ping once per this long. */
const SWEEP_MS = WS_HEARTBEAT_MS + 5_000
/** The sweep is spread over this many turns a second apart, so it never writes to every socket at once. */
const SWEEP_TURNS = Math.round(SWEEP_MS / 1_000)

/**
 * Only chat frames travel inside a `batch` (docs/protocol.md). Any other frame flushes what is
 * queued and goes on its own, in order.
 */
const BATCHABLE: ReadonlySet<SingleServerFrame['type']> = new Set(['ack', 'nack', 'msg', 'typing', 'read', 'receipt', 'conv', 'convDeleted', 'reaction'])

/**
 * Sent as text frames. Every frame reaches ws as a Buffer: a shared frame is encoded once, and
 * ws's send path, made hot by hellos, pongs and acknowledgements, stays optimised for the one
 * kind of data a fan-out gives it (a string now and then made the first fan-out run it cold).
 */
const TEXT = { binary: false } as const

/**
 * A serialised frame; its UTF-8 bytes are made the first time a socket sends it alone, so a
 * fan-out to thousands of sockets encodes it once.
 */
class Outgoing {
  private bytes: Buffer | null = null
  constructor(readonly text: string) {}

  get encoded(): Buffer {
    return (this.bytes ??= Buffer.from(this.text))
  }
}

interface Client {
  ws: WebSocket
  session: SessionInfo
  alive: boolean
  /** Serialised frames waiting for this tick's flush. */
  queue: Outgoing[]
  /** Characters held in `queue`: with what ws still buffers, what this socket has not taken yet. */
  queued: number
  /** Frames of one socket are handled one after another, so its sends keep their order. */
  chain: Promise<void>
  buckets: FrameBuckets
  /** The turn of the ping sweep that visits this socket. */
  sweepTurn: number
}

/** Handles the chat frames; `reply` answers on the socket the frame came from. */
export type FrameHandler = (
  session: SessionInfo,
  frame: Exclude<ClientFrame, { type: 'ping' }>,
  reply: (frame: SingleServerFrame) => void,
) => Promise<void>

export interface Gateway {
  /** Sockets open on this process, for tests and metrics. */
  connectionCount(): number
  /** Bytes written to sockets but not yet taken by the kernel, plus frames waiting for a flush, over all sockets. */
  backlogBytes(): number
  /** Resolves once the member lists read ahead for the users connected so far are kept (for tests). */
  memberListsRead(): Promise<void>
  close(): Promise<void>
}

/** The client's address as Fastify would see it: the first X-Forwarded-For entry only behind a trusted proxy. */
function socketAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for']
  if (trustProxy && typeof forwarded === 'string') return forwarded.split(',')[0]!.trim()
  return req.socket.remoteAddress ?? ''
}

/** The client message ID of a malformed `send`, when it is one the client could have made. */
function sendIdOf(data: unknown): string | null {
  if (data === null || typeof data !== 'object' || (data as { type?: unknown }).type !== 'send') return null
  const message = (data as { message?: unknown }).message
  const id = message !== null && typeof message === 'object' ? (message as { clientMsgId?: unknown }).clientMsgId : undefined
  return typeof id === 'string' && /^[\w-]{1,64}$/.test(id) ? id : null
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}

function reject(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

/** The /ws/{token} channel: authenticated by the token in the path, fed by the bus. */
export function attachGateway(server: Server, ctx: AppContext, handleFrame: FrameHandler): Gateway {
  // Chat frames are small and mostly unique JSON: compressing them costs more CPU than it saves.
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_FRAME_BYTES, perMessageDeflate: false })
  const byUser = new Map<string, { clients: Set<Client>; unsubscribe: () => void }>()
  const backlogLimit = ctx.config.socketBacklogBytes
  const preloader = memberListPreloader(ctx.db, (err) => ctx.log.warn({ err }, 'member list read-ahead failed'))

  /**
   * A socket whose reader has fallen this far behind is closed rather than buffered for without
   * end: the client reconnects and catches up by sequence from the database (docs/protocol.md).
   * Whatever is still unsent is dropped with it.
   */
  function overBacklog(c: Client, adding: number): boolean {
    if (c.ws.bufferedAmount + c.queued + adding <= backlogLimit) return false
    c.queue = []
    c.queued = 0
    ctx.metrics.slowSocketCloses.inc()
    ctx.log.warn({ wtId: c.session.wtId, buffered: c.ws.bufferedAmount }, 'socket closed: its reader fell behind')
    c.ws.close(WsClose.TooSlow, 'too slow')
    // The close frame waits behind what the reader has not taken; past the grace the socket just goes.
    setTimeout(() => c.ws.terminate(), SLOW_CLOSE_GRACE_MS).unref()
    return true
  }

  function write(c: Client, data: Buffer) {
    if (c.ws.readyState !== WebSocket.OPEN || overBacklog(c, data.length)) return
    c.ws.send(data, TEXT)
  }

  /** A frame on its own, at once, after whatever this socket has waiting for the flush. */
  function send(c: Client, frame: SingleServerFrame) {
    flush(c)
    write(c, Buffer.from(JSON.stringify(frame)))
  }

  /**
   * An answer to the socket's own frame, at once. A chat answer (ack, nack) takes with it whatever
   * is waiting for this socket's flush, in one write and in order. It does not wait for the flush
   * itself: during a fan-out to thousands of sockets that is a wait behind all of them.
   */
  function answer(c: Client, frame: SingleServerFrame) {
    if (!BATCHABLE.has(frame.type) || c.queue.length === 0) return send(c, frame)
    enqueue(c, new Outgoing(JSON.stringify(frame)))
    flush(c)
  }

  /**
   * Several events for one socket within a tick leave as one `batch` frame: the socket write
   * is the expensive part, and a busy group produces bursts. Sockets with something queued are
   * flushed together in one pass that yields to the event loop every FLUSH_SLICE sockets, so a
   * fan-out to thousands of members never holds the loop (and other users' sends) for long.
   */
  const FLUSH_SLICE = 500
  let dirty: Client[] = []
  let flushScheduled = false

  function enqueue(c: Client, payload: Outgoing) {
    if (c.ws.readyState !== WebSocket.OPEN || overBacklog(c, payload.text.length)) return
    c.queue.push(payload)
    c.queued += payload.text.length
    if (c.queue.length > 1) return
    dirty.push(c)
    if (!flushScheduled) {
      flushScheduled = true
      setImmediate(flushDirty)
    }
  }

  function flushDirty() {
    const batch = dirty.length > FLUSH_SLICE ? dirty.splice(0, FLUSH_SLICE) : dirty
    if (batch === dirty) dirty = []
    for (const c of batch) flush(c)
    if (dirty.length > 0) setImmediate(flushDirty)
    else flushScheduled = false
  }

  function flush(c: Client) {
    const q = c.queue
    if (q.length === 0) return
    let data: Buffer
    if (q.length === 1) data = q[0]!.encoded
    else {
      let frames = q[0]!.text
      for (let i = 1; i < q.length; i++) frames += ',' + q[i]!.text
      data = Buffer.from(`{"type":"batch","frames":[${frames}]}`)
    }
    // The queue is emptied in place: a new array per socket and message lived until the next
    // message and was promoted, old-generation garbage the full collections had to sweep.
    q.length = 0
    c.queued = 0
    if (c.ws.readyState === WebSocket.OPEN) c.ws.send(data, TEXT)
  }

  /** `serialised` gives the frame's text; it runs only once a socket takes it. */
  function deliverTo(wtId: string, event: BusEvent, serialised: () => Outgoing | null) {
    const entry = byUser.get(wtId)
    if (!entry) return
    for (const c of entry.clients) {
      if (event.onlySession && c.session.tokenHash !== event.onlySession) continue
      if (event.exceptSession && c.session.tokenHash === event.exceptSession) continue
      const payload = serialised()
      if (event.close) {
        // Whatever is queued goes first, then the closing frame, then the close.
        flush(c)
        if (payload) write(c, payload.encoded)
        c.ws.close(WsClose.SessionEnded, 'session ended')
      } else if (payload && event.frame && BATCHABLE.has(event.frame.type)) {
        enqueue(c, payload)
      } else if (payload) {
        flush(c)
        write(c, payload.encoded)
      }
    }
  }

  function deliver(wtId: string, event: BusEvent) {
    // The sender's own copy usually matches no socket (it is for their other devices): no need to serialise it then.
    let payload: Outgoing | null | undefined
    deliverTo(wtId, event, () => (payload === undefined ? (payload = event.frame ? new Outgoing(JSON.stringify(event.frame)) : null) : payload))
  }

  /**
   * A large group's event names the group instead of listing members. When its whole member list
   * is kept on this process (memberListCache.ts, read ahead when a member connects) at the member
   * version the event carries, the event is delivered at once. Otherwise one query finds which of
   * this process's connected users are members, and the whole list is read again beside it, for
   * the next events: reading 100,000 IDs takes longer than that query, and the event should not
   * wait for it. Events of one group waiting for a query are delivered one after another, so its
   * messages reach sockets in the order they were published.
   */
  const groupChains = new Map<string, Promise<void>>()
  const rereading = new Set<string>()
  /** Groups found larger than a kept list may be, by the version they were found so at: not read again until it moves. */
  const tooLarge = new Map<string, string | undefined>()

  function rereadWholeList(groupId: string, version: string | undefined) {
    if (rereading.has(groupId) || (tooLarge.has(groupId) && tooLarge.get(groupId) === version)) return
    rereading.add(groupId)
    void wholeMemberList(ctx.db, groupId, version)
      .then((members) => (members ? tooLarge.delete(groupId) : tooLarge.set(groupId, version)))
      .catch((err: unknown) => ctx.log.warn({ err, groupId }, 'group member list read failed'))
      .finally(() => rereading.delete(groupId))
  }

  /** Delivers to the connected users among `members`, looking up whichever side is smaller. */
  function deliverToMembers(members: readonly string[], event: BusEvent, payload: () => Outgoing) {
    if (members.length <= byUser.size) {
      for (const wtId of members) if (wtId !== event.exceptUser) deliverTo(wtId, event, payload)
      return
    }
    const isMember = memberSet(members)
    for (const wtId of byUser.keys()) if (wtId !== event.exceptUser && isMember.has(wtId)) deliverTo(wtId, event, payload)
  }

  function deliverToGroup(groupId: string, event: BusEvent, payload: () => Outgoing) {
    const kept = event.memberVersion === undefined || groupChains.has(groupId) ? undefined : memberListCache(ctx.db).get(groupId)
    if (kept?.members && kept.version === event.memberVersion) return deliverToMembers(kept.members, event, payload)
    const previous = groupChains.get(groupId) ?? Promise.resolve()
    const next = previous
      .then(async () => {
        if (byUser.size === 0) return
        const kept = memberListCache(ctx.db).get(groupId)
        if (kept?.members && kept.version === event.memberVersion) return deliverToMembers(kept.members, event, payload)
        rereadWholeList(groupId, event.memberVersion)
        const online = [...byUser.keys()].filter((id) => id !== event.exceptUser)
        for (const wtId of await memberIdsAmong(ctx.db, groupId, online)) deliverTo(wtId, event, payload)
      })
      .catch((err: unknown) => ctx.log.error({ err, groupId }, 'group fan-out lookup failed'))
    groupChains.set(groupId, next)
    void next.then(() => {
      if (groupChains.get(groupId) === next) groupChains.delete(groupId)
    })
  }

  // Serialised once, however many local sockets receive it.
  const unsubscribeFanout = ctx.bus.subscribe(FANOUT_TOPIC, (event) => {
    if (!event.frame) return
    const outgoing = new Outgoing(JSON.stringify(event.frame))
    const payload = () => outgoing
    if (event.group) return deliverToGroup(event.group, event, payload)
    if (!event.recipients) return
    for (const wtId of event.recipients) {
      if (wtId !== event.exceptUser && byUser.has(wtId)) deliverTo(wtId, event, payload)
    }
  })

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
      entry = { clients: new Set(), unsubscribe: ctx.bus.subscribe(userTopic(wtId), (e) => deliver(wtId, e)) }
      byUser.set(wtId, entry)
      preloader.connected(wtId)
    }
    entry.clients.add(client)
  }

  function unregister(client: Client) {
    sweepTurns[client.sweepTurn]!.delete(client)
    const entry = byUser.get(client.session.wtId)
    if (!entry) return
    entry.clients.delete(client)
    if (entry.clients.size === 0) {
      entry.unsubscribe()
      byUser.delete(client.session.wtId)
    }
  }

  function onFrame(client: Client, raw: RawData, isBinary: boolean) {
    let data: unknown
    try {
      if (isBinary) throw new Error('binary')
      data = JSON.parse(raw.toString())
    } catch {
      send(client, { type: 'error', code: ResultCode.BadRequest, msg: '帧不是合法的 JSON 文本' })
      return
    }
    const parsed = ClientFrame.safeParse(data)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const problem = issue?.message ?? '格式不正确'
      // A refused send still names its message, so the sender learns at once instead of waiting
      // for a timeout; the field is named within the message.
      const clientMsgId = sendIdOf(data)
      if (clientMsgId && issue?.path[0] === 'message' && issue.path.length > 1) {
        return send(client, nackFor(clientMsgId, badRequest(`${issue.path.slice(1).join('.')}: ${problem}`)))
      }
      send(client, { type: 'error', code: ResultCode.BadRequest, msg: `${issue?.path.join('.') || 'frame'}: ${problem}` })
      return
    }
    const frame = parsed.data
    if (frame.type === 'ping') return send(client, { type: 'pong', ts: frame.ts })
    if (!client.buckets.take(frame.type)) {
      const flood = new Refusal(ResultCode.TooManyRequests, FRAME_FLOOD_TEXT)
      send(client, frame.type === 'send' ? nackFor(frame.message.clientMsgId, flood) : errorFrameFor(flood))
      return
    }
    client.chain = client.chain
      .then(() => handleFrame(client.session, frame, (f) => answer(client, f)))
      .catch((err: unknown) => {
        if (!(err instanceof Refusal)) ctx.log.error({ err, frame: frame.type }, 'frame handler failed')
        const refusal = errorFrameFor(err)
        send(client, frame.type === 'send' ? nackFor(frame.message.clientMsgId, new Refusal(refusal.code, refusal.msg)) : refusal)
      })
  }

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const match = /^\/ws\/([^/?#]+)/.exec(req.url ?? '')
    if (!match) return reject(socket, 404, 'Not Found')
    if (!originAllowed(req, ctx.config)) return reject(socket, 403, 'Forbidden')
    let session: SessionInfo | null = null
    // A token that is not valid percent-encoding is simply not a token.
    const token = safeDecode(match[1]!)
    try {
      if (token) session = await findSession(ctx.db, token, { idleSeconds: ctx.config.sessionIdleSeconds, address: socketAddress(req, ctx.config.trustProxy) })
    } catch (err) {
      ctx.log.error({ err }, 'session lookup failed on upgrade')
      return reject(socket, 503, 'Service Unavailable')
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Accept then close, so the client sees a close code it can act on instead of a bare failure.
      if (!session) return ws.close(WsClose.Unauthorized, 'invalid token')
      const client: Client = {
        ws,
        session,
        alive: true,
        queue: [],
        queued: 0,
        chain: Promise.resolve(),
        buckets: new FrameBuckets(ctx.config.socketLimits),
        sweepTurn: 0,
      }
      register(client)
      ws.on('message', (raw, isBinary) => onFrame(client, raw, isBinary))
      ws.on('pong', () => (client.alive = true))
      ws.on('close', () => unregister(client))
      ws.on('error', (err) => ctx.log.warn({ err }, 'socket error'))
      send(client, { type: 'hello', protocolVersion: PROTOCOL_VERSION, wtId: session.wtId })
    })
  }

  const upgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void onUpgrade(req, socket, head)
  }
  server.on('upgrade', upgradeListener)

  // Transport-level pings find dead peers that never sent a close: a socket that has not answered
  // the ping of its previous visit is cut. One turn a second visits a thirtieth of the sockets; a
  // sweep of all of them at once was thousands of writes in one go, enough to hold up a fan-out.
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

  return {
    connectionCount: () => [...byUser.values()].reduce((n, e) => n + e.clients.size, 0),
    backlogBytes() {
      let bytes = 0
      for (const entry of byUser.values()) for (const c of entry.clients) bytes += c.ws.bufferedAmount + c.queued
      return bytes
    },
    memberListsRead: () => preloader.settled(),
    async close() {
      clearInterval(sweep)
      await preloader.close()
      unsubscribeFanout()
      server.off('upgrade', upgradeListener)
      for (const entry of byUser.values()) {
        entry.unsubscribe()
        for (const c of entry.clients) c.ws.close(WsClose.ServerShutdown, 'server shutting down')
      }
      byUser.clear()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}
