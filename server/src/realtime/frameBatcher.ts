import { WebSocket } from 'ws'
import type { SingleServerFrame } from '../../../types/frames.js'
import { WsClose } from '../../../types/ws.js'
import { Outgoing, type Client } from './socketParts.js'

/** How long a socket closed for falling behind may take to say goodbye before it is cut. */
const SLOW_CLOSE_GRACE_MS = 5_000

/**
 * Only chat frames travel inside a `batch` (docs/protocol.md). Any other frame flushes what is
 * queued and goes on its own, in order.
 */
const BATCHABLE: ReadonlySet<SingleServerFrame['type']> = new Set(['ack', 'nack', 'msg', 'typing', 'read', 'receipt', 'conv', 'convDeleted', 'reaction'])

export const isBatchable = (type: SingleServerFrame['type']) => BATCHABLE.has(type)

/**
 * Sent as text frames. Every frame reaches ws as a Buffer: a shared frame is encoded once, and
 * ws's send path, made hot by hellos, pongs and acknowledgements, stays optimised for the one
 * kind of data a fan-out gives it (a string now and then made the first fan-out run it cold).
 */
const TEXT = { binary: false } as const

/** Sockets flushed in one turn of the event loop. */
const FLUSH_SLICE = 500

export interface FrameBatcher {
  /** Encoded data on its own, unless the socket is closed or over its backlog. */
  write(c: Client, data: Buffer): void
  /** A frame on its own, at once, after whatever this socket has waiting for the flush. */
  send(c: Client, frame: SingleServerFrame): void
  /**
   * An answer to the socket's own frame, at once. A chat answer (ack, nack) takes with it whatever
   * is waiting for this socket's flush, in one write and in order. It does not wait for the flush
   * itself: during a fan-out to thousands of sockets that is a wait behind all of them.
   */
  answer(c: Client, frame: SingleServerFrame): void
  /** A chat frame for the next flush of this socket. */
  enqueue(c: Client, payload: Outgoing): void
  /** Writes what this socket has waiting, as one frame. */
  flush(c: Client): void
}

export interface FrameBatcherOptions {
  /** Bytes a socket may have waiting (ws's buffer and our queue) before it is closed as too slow. */
  backlogLimit: number
  /** Told of each socket closed for falling behind. */
  onTooSlow(c: Client): void
}

/**
 * The writing side of the sockets. Several events for one socket within a tick leave as one
 * `batch` frame: the socket write is the expensive part, and a busy group produces bursts.
 * Sockets with something queued are flushed together in one pass that yields to the event loop
 * every FLUSH_SLICE sockets, so a fan-out to thousands of members never holds the loop (and
 * other users' sends) for long.
 */
export function frameBatcher({ backlogLimit, onTooSlow }: FrameBatcherOptions): FrameBatcher {
  let dirty: Client[] = []
  let flushScheduled = false

  /**
   * A socket whose reader has fallen this far behind is closed rather than buffered for without
   * end: the client reconnects and catches up by sequence from the database (docs/protocol.md).
   * Whatever is still unsent is dropped with it.
   */
  function overBacklog(c: Client, adding: number): boolean {
    if (c.ws.bufferedAmount + c.queued + adding <= backlogLimit) return false
    c.queue = []
    c.queued = 0
    onTooSlow(c)
    c.ws.close(WsClose.TooSlow, 'too slow')
    // The close frame waits behind what the reader has not taken; past the grace the socket just goes.
    setTimeout(() => c.ws.terminate(), SLOW_CLOSE_GRACE_MS).unref()
    return true
  }

  function write(c: Client, data: Buffer) {
    if (c.ws.readyState !== WebSocket.OPEN || overBacklog(c, data.length)) return
    c.ws.send(data, TEXT)
  }

  function send(c: Client, frame: SingleServerFrame) {
    flush(c)
    write(c, Buffer.from(JSON.stringify(frame)))
  }

  function answer(c: Client, frame: SingleServerFrame) {
    if (!BATCHABLE.has(frame.type) || c.queue.length === 0) return send(c, frame)
    enqueue(c, new Outgoing(JSON.stringify(frame)))
    flush(c)
  }

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

  return { write, send, answer, enqueue, flush }
}
