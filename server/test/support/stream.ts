import WebSocket from 'ws'
import type { Message } from '../../../types/chat.js'
import type { TestServer } from './server.js'
import { unbatch } from './chat.js'

/**
 * A stream of texts sent over /ws the way the client sends: a few unacknowledged at a time, and
 * after the socket closes, every unacknowledged one sent again with its own client message ID
 * (a retry with the same ID returns the first result instead of storing a second message).
 */
export class MessageStream {
  readonly ids: string[]
  readonly acked = new Set<string>()
  /** Acknowledgements seen, repeats included (a resent message that had been stored is acknowledged again). */
  acks = 0
  nacks: Array<Record<string, unknown>> = []

  constructor(
    readonly conversationID: string,
    total: number,
    readonly tag: string,
  ) {
    this.ids = Array.from({ length: total }, (_, i) => `${tag}-${String(i).padStart(4, '0')}`)
  }

  textOf(id: string): string {
    return `消息流 ${id}`
  }

  /**
   * Sends what is unacknowledged on one socket until everything is acknowledged or the socket
   * closes; `onAck(n)` is called with the number acknowledged so far. Resolves with the close code
   * (0 when it ended with everything acknowledged and closed the socket itself).
   */
  run(wsUrl: string, token: string, { window = 8, onAck }: { window?: number; onAck?: (acked: number) => void } = {}): Promise<number> {
    const queue = this.ids.filter((id) => !this.acked.has(id))
    const ws = new WebSocket(`${wsUrl}/ws/${token}`)
    let inFlight = 0
    const pump = () => {
      while (inFlight < window && queue.length) {
        const id = queue.shift()!
        inFlight += 1
        ws.send(JSON.stringify({ type: 'send', message: { clientMsgId: id, conversationID: this.conversationID, type: 'TIMTextElem', payload: { text: this.textOf(id) } } }))
      }
    }
    return new Promise((resolve, reject) => {
      ws.on('error', reject)
      ws.on('close', (code) => resolve(this.acked.size === this.ids.length ? 0 : code))
      ws.on('message', (raw) => {
        for (const f of unbatch([JSON.parse(raw.toString()) as Record<string, unknown>])) {
          if (f.type === 'hello') pump()
          if (f.type === 'nack') this.nacks.push(f)
          if (f.type !== 'ack' || typeof f.clientMsgId !== 'string' || !this.ids.includes(f.clientMsgId)) continue
          this.acks += 1
          inFlight -= 1
          this.acked.add(f.clientMsgId)
          onAck?.(this.acked.size)
          if (this.acked.size === this.ids.length) ws.close()
          else pump()
        }
      })
    })
  }
}

/** Every message of a conversation as one user reads it (at most 500), oldest first. */
export async function everyMessage(s: Pick<TestServer, 'api'>, token: string, conversationID: string): Promise<Message[]> {
  const page = await s.api<{ messages: Message[]; hasMore: boolean }>('/api/im/messages/since', { conversationID, afterSequence: 0, count: 500 }, { token })
  if (page.code !== 200) throw new Error(`messages/since: ${page.code} ${page.msg}`)
  return page.data.messages
}
