import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData } from 'ws'
import { PROTOCOL_VERSION, ResultCode } from '../../../types/codes.js'
import { ClientFrame } from '../../../types/frames.js'
import { WS_MAX_FRAME_BYTES, WsClose } from '../../../types/ws.js'
import { FANOUT_TOPIC, type BusEvent } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import { memberListPreloader } from '../app/groups/memberListPreload.js'
import { badRequest, Refusal } from '../domain/refusal.js'
import { findSession } from '../app/sessions.js'
import type { SessionInfo } from '../domain/sessions.js'
import { originAllowed } from './origin.js'
import { hashToken } from '../domain/tokens.js'
import { memoryAccountBuckets, redisAccountBuckets, type AccountBucketKind } from './accountBuckets.js'
import { bucketOf, FRAME_FLOOD_TEXT, FrameBuckets } from './frameBuckets.js'
import { fanoutResolver, type DeliverTo } from './fanout.js'
import { frameBatcher, isBatchable } from './frameBatcher.js'
import { errorFrameFor, nackFor } from './refusals.js'
import { socketRegistry } from './socketRegistry.js'
import { Outgoing, reject, safeDecode, sendIdOf, socketAddress, type Client, type FrameHandler, type Gateway } from './socketParts.js'

export type { FrameHandler, Gateway } from './socketParts.js'

/** At shutdown, how long frames already being handled may take before the sockets close anyway. */
const DRAIN_MS = 10_000

/** The frame buckets an account also has as a whole, over all its sockets and processes. */
const ACCOUNT_KINDS: ReadonlySet<string | null> = new Set<AccountBucketKind>(['send', 'typing', 'call'])

/** The /ws/{token} channel: authenticated by the token in the path, fed by the bus. */
export function attachGateway(server: Server, ctx: AppContext, handleFrame: FrameHandler): Gateway {
  // Chat frames are small and mostly unique JSON: compressing them costs more CPU than it saves.
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_FRAME_BYTES, perMessageDeflate: false })
  const preloader = memberListPreloader(ctx.db, ctx.memberLists, (err) => ctx.log.warn({ err }, 'member list read-ahead failed'))
  const { socketLimits, accountFrameFactor, socketsPerAccount, redisUrl } = ctx.config
  // Keyed under this database's secret, so servers of another database on the same Redis share nothing.
  const accountBuckets = redisUrl
    ? redisAccountBuckets(redisUrl, socketLimits, accountFrameFactor, `weitalk-ab:${hashToken(ctx.imSecret).slice(0, 12)}:`)
    : memoryAccountBuckets(socketLimits, accountFrameFactor)

  let draining = false
  const frames = frameBatcher({
    backlogLimit: ctx.config.socketBacklogBytes,
    onTooSlow(c) {
      ctx.metrics.slowSocketCloses.inc()
      ctx.log.warn({ wtId: c.session.wtId, buffered: c.ws.bufferedAmount }, 'socket closed: its reader fell behind')
    },
  })
  const { send, flush, write } = frames
  const registry = socketRegistry({
    bus: ctx.bus,
    presence: ctx.presence,
    socketsPerAccount,
    deliver,
    firstSocket: (wtId) => preloader.connected(wtId),
  })

  const deliverTo: DeliverTo = (wtId, event, serialised) => {
    const sockets = registry.socketsOf(wtId)
    if (!sockets) return
    for (const c of sockets) {
      if (event.onlySession && c.session.tokenHash !== event.onlySession) continue
      if (event.exceptSession && c.session.tokenHash === event.exceptSession) continue
      const payload = serialised()
      if (event.close) {
        // Whatever is queued goes first, then the closing frame, then the close.
        flush(c)
        if (payload) write(c, payload.encoded)
        c.ws.close(WsClose.SessionEnded, 'session ended')
      } else if (payload && event.frame && isBatchable(event.frame.type)) {
        frames.enqueue(c, payload)
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

  const fanout = fanoutResolver({ db: ctx.db, memberLists: ctx.memberLists, log: ctx.log, registry, deliverTo })
  const unsubscribeFanout = ctx.bus.subscribe(FANOUT_TOPIC, (event) => fanout.deliver(event))

  function handleIfAllowed(client: Client, frame: Exclude<ClientFrame, { type: 'ping' }>, allowed: boolean): Promise<void> {
    if (!allowed) throw new Refusal(ResultCode.TooManyRequests, FRAME_FLOOD_TEXT)
    return handleFrame(client.session, frame, (f) => frames.answer(client, f))
  }

  function onFrame(client: Client, raw: RawData, isBinary: boolean) {
    // Unanswered, so the client sends it again once it has reconnected to a server that will stay.
    if (draining) return
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
    const kind = bucketOf(frame.type)
    const shared = ACCOUNT_KINDS.has(kind) ? (kind as AccountBucketKind) : null
    client.chain = client.chain
      .then(() => {
        // The buckets in memory answer at once: the frame is then handled without waiting another turn.
        const allowed = shared ? accountBuckets.take(client.session.wtId, shared) : true
        return typeof allowed === 'boolean' ? handleIfAllowed(client, frame, allowed) : allowed.then((ok) => handleIfAllowed(client, frame, ok))
      })
      .catch((err: unknown) => {
        if (!(err instanceof Refusal)) ctx.log.error({ err, frame: frame.type }, 'frame handler failed')
        const refusal = errorFrameFor(err)
        send(client, frame.type === 'send' ? nackFor(frame.message.clientMsgId, new Refusal(refusal.code, refusal.msg)) : refusal)
      })
  }

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const match = /^\/ws\/([^/?#]+)/.exec(req.url ?? '')
    if (!match) return reject(socket, 404, '访问资源不存在')
    if (!originAllowed(req, ctx.config)) return reject(socket, 403, '当前操作没有权限')
    let session: SessionInfo | null = null
    // A token that is not valid percent-encoding is simply not a token.
    const token = safeDecode(match[1]!)
    try {
      if (token) session = await findSession(ctx.db, token, { idleSeconds: ctx.config.sessionIdleSeconds, address: socketAddress(req, ctx.config.trustProxy) })
    } catch (err) {
      ctx.log.error({ err }, 'session lookup failed on upgrade')
      return reject(socket, 503, '服务暂不可用，请稍后再试')
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
        buckets: new FrameBuckets(socketLimits),
        sweepTurn: 0,
      }
      registry.register(client)
      ws.on('message', (raw, isBinary) => onFrame(client, raw, isBinary))
      ws.on('pong', () => (client.alive = true))
      ws.on('close', () => registry.unregister(client))
      ws.on('error', (err) => ctx.log.warn({ err }, 'socket error'))
      send(client, { type: 'hello', protocolVersion: PROTOCOL_VERSION, wtId: session.wtId })
    })
  }

  const upgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void onUpgrade(req, socket, head)
  }
  server.on('upgrade', upgradeListener)

  const stopSweep = registry.startSweep()

  return {
    connectionCount: () => registry.sockets().length,
    backlogBytes: () => registry.sockets().reduce((bytes, c) => bytes + c.ws.bufferedAmount + c.queued, 0),
    memberListsRead: () => preloader.settled(),
    fanoutSettled: () => fanout.settled(),
    async close() {
      // Drained, not cut: frames already being handled finish, and their answers (an ack after a
      // commit) go out before the close, so a send is either acknowledged or never stored.
      draining = true
      server.off('upgrade', upgradeListener)
      stopSweep()
      const inFlight = registry.sockets().map((c) => c.chain)
      let timer: NodeJS.Timeout | undefined
      await Promise.race([Promise.allSettled(inFlight), new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_MS)))])
      clearTimeout(timer)
      await preloader.close()
      unsubscribeFanout()
      const open = registry.sockets()
      registry.clear()
      for (const c of open) {
        flush(c)
        c.ws.close(WsClose.ServerShutdown, 'server shutting down')
      }
      await accountBuckets.close()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}
