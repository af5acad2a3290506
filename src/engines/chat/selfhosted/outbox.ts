import type { Message, OutgoingMessage } from '@shared/chat'
import { LocalSendError, SendFailure } from '../ChatEngine'
import type { Clock } from './clock'

/** How long a written send may wait for its ack before it fails (the connection being up). */
export const SEND_ACK_TIMEOUT_MS = 30_000
export const SEND_TIMEOUT_TEXT = '消息发送超时，请重试'
export const SEND_CANCELLED_TEXT = '已退出登录，消息未发送'

interface PendingSend {
  message: OutgoingMessage
  promise: Promise<Message>
  resolve(message: Message): void
  reject(err: SendFailure): void
  timer: unknown
}

/**
 * Sends waiting for their acknowledgement, by clientMsgId. A send stays here until the server
 * answers it (ack / nack), its ack timer runs out, or the engine logs out; every reconnect
 * writes the waiting ones again, with the same clientMsgId, which the server answers with the
 * first result instead of storing a second message.
 */
export class Outbox {
  private readonly pending = new Map<string, PendingSend>()

  constructor(
    private readonly write: (message: OutgoingMessage) => boolean,
    private readonly clock: Clock,
    private readonly ackTimeoutMs = SEND_ACK_TIMEOUT_MS,
  ) {}

  get size(): number {
    return this.pending.size
  }

  /** Queues a send and writes it at once when `connected`. The same clientMsgId shares one send. */
  add(message: OutgoingMessage, connected: boolean): Promise<Message> {
    const existing = this.pending.get(message.clientMsgId)
    if (existing) return existing.promise
    let resolve!: (m: Message) => void
    let reject!: (e: SendFailure) => void
    const promise = new Promise<Message>((res, rej) => {
      resolve = res
      reject = rej
    })
    const entry: PendingSend = { message, promise, resolve, reject, timer: null }
    this.pending.set(message.clientMsgId, entry)
    if (connected) this.writeOne(entry)
    return promise
  }

  /** After a (re)connect: everything still waiting goes out again, in the order it was sent. */
  flush(): void {
    for (const entry of this.pending.values()) this.writeOne(entry)
  }

  /** The connection dropped: acks cannot come, so the timers wait for the next write. */
  pause(): void {
    for (const entry of this.pending.values()) this.stopTimer(entry)
  }

  ack(clientMsgId: string, message: Message): void {
    const entry = this.take(clientMsgId)
    entry?.resolve(message)
  }

  nack(clientMsgId: string, failure: SendFailure): void {
    const entry = this.take(clientMsgId)
    entry?.reject(failure)
  }

  /** Logout: nothing will be acknowledged any more. */
  cancelAll(): void {
    for (const id of [...this.pending.keys()]) this.take(id)?.reject(new SendFailure(LocalSendError.Cancelled, SEND_CANCELLED_TEXT))
  }

  private writeOne(entry: PendingSend): void {
    this.stopTimer(entry)
    if (!this.write(entry.message)) return
    entry.timer = this.clock.setTimeout(() => {
      entry.timer = null
      this.take(entry.message.clientMsgId)?.reject(new SendFailure(LocalSendError.Timeout, SEND_TIMEOUT_TEXT))
    }, this.ackTimeoutMs)
  }

  private stopTimer(entry: PendingSend): void {
    if (entry.timer !== null) this.clock.clearTimeout(entry.timer)
    entry.timer = null
  }

  private take(clientMsgId: string): PendingSend | undefined {
    const entry = this.pending.get(clientMsgId)
    if (!entry) return undefined
    this.stopTimer(entry)
    this.pending.delete(clientMsgId)
    return entry
  }
}
