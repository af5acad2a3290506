import { randomUUID } from 'node:crypto'
import type { Message } from '../../../types/chat.js'
import { openSocket, type SocketProbe, type TestServer } from './server.js'

/** Flattens batch frames so tests see each event once. */
export function unbatch(frames: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  return frames.flatMap((f) => (f.type === 'batch' ? unbatch(f.frames as Array<Record<string, unknown>>) : [f]))
}

export interface ChatClient {
  probe: SocketProbe
  ready: Promise<unknown>
  sendText(conversationID: string, text: string, extra?: Record<string, unknown>): Promise<Record<string, unknown>>
  send(message: Record<string, unknown>): Promise<Record<string, unknown>>
  /** Waits for a frame (batches are looked into). */
  next(pred: (f: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>
  events(): Array<Record<string, unknown>>
  close(): void
}

export function chatClient(server: Pick<TestServer, 'wsUrl'>, token: string): ChatClient {
  const probe = openSocket(`${server.wsUrl}/ws/${token}`)
  const matches = (pred: (f: Record<string, unknown>) => boolean) => (f: Record<string, unknown>) => unbatch([f]).some(pred)
  const pick = async (pred: (f: Record<string, unknown>) => boolean, timeoutMs?: number) =>
    unbatch([await probe.next(matches(pred), timeoutMs)]).find(pred)!
  const client: ChatClient = {
    probe,
    ready: probe.next((f) => f.type === 'hello'),
    async send(message) {
      await client.ready
      probe.ws.send(JSON.stringify({ type: 'send', message }))
      return pick((f) => (f.type === 'ack' || f.type === 'nack') && f.clientMsgId === message.clientMsgId)
    },
    sendText(conversationID, text, extra = {}) {
      return client.send({ clientMsgId: randomUUID(), conversationID, type: 'TIMTextElem', payload: { text }, ...extra })
    },
    next: pick,
    events: () => unbatch(probe.frames),
    close: () => probe.ws.close(),
  }
  return client
}

export const messagesOf = (events: Array<Record<string, unknown>>) =>
  events.filter((f) => f.type === 'msg').map((f) => f.message as Message)
