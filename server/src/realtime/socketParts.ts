import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { WebSocket } from 'ws'
import type { ClientFrame, SingleServerFrame } from '../../../types/frames.js'
import type { SessionInfo } from '../domain/sessions.js'
import { rawEnvelopeResponse } from '../http/clientErrors.js'
import type { FrameBuckets } from './frameBuckets.js'

/**
 * A serialised frame; its UTF-8 bytes are made the first time a socket sends it alone, so a
 * fan-out to thousands of sockets encodes it once.
 */
export class Outgoing {
  private bytes: Buffer | null = null
  constructor(readonly text: string) {}

  get encoded(): Buffer {
    return (this.bytes ??= Buffer.from(this.text))
  }
}

/** The client's address as Fastify would see it: the first X-Forwarded-For entry only behind a trusted proxy. */
export function socketAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for']
  if (trustProxy && typeof forwarded === 'string') return forwarded.split(',')[0]!.trim()
  return req.socket.remoteAddress ?? ''
}

/** The client message ID of a malformed `send`, when it is one the client could have made. */
export function sendIdOf(data: unknown): string | null {
  if (data === null || typeof data !== 'object' || (data as { type?: unknown }).type !== 'send') return null
  const message = (data as { message?: unknown }).message
  const id = message !== null && typeof message === 'object' ? (message as { clientMsgId?: unknown }).clientMsgId : undefined
  return typeof id === 'string' && /^[\w-]{1,64}$/.test(id) ? id : null
}

export function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}

/** Refuses an upgrade with a plain HTTP answer in the envelope, as every other answer of the server. */
export function reject(socket: Duplex, status: number, msg: string) {
  socket.end(rawEnvelopeResponse(status, msg))
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
  /** Resolves once every group event waiting for a membership lookup on this process has been delivered (for tests). */
  fanoutSettled(): Promise<void>
  close(): Promise<void>
}

/** One open socket of the gateway. */
export interface Client {
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
