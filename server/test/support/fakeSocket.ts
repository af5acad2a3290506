import { WebSocket } from 'ws'
import type { Client } from '../../src/realtime/socketParts.js'

/** What a gateway part did to a socket: data written, closes, pings. */
export interface SocketLog {
  sent: string[]
  closed: Array<{ code: number; reason: string }>
  terminated: number
  pinged: number
}

/**
 * A gateway client over a stand-in for a ws socket that records what it is given, for the parts
 * of the gateway that only write and close (the real socket path is in realtime.test.ts).
 */
export function fakeClient(wtId: string, tokenHash = `t-${wtId}`, bufferedAmount = 0): Client & { log: SocketLog } {
  const log: SocketLog = { sent: [], closed: [], terminated: 0, pinged: 0 }
  const ws = {
    readyState: WebSocket.OPEN as number,
    bufferedAmount,
    send(data: Buffer) {
      log.sent.push(data.toString())
    },
    close(code: number, reason: string) {
      log.closed.push({ code, reason })
      ws.readyState = WebSocket.CLOSING
    },
    terminate() {
      log.terminated += 1
    },
    ping() {
      log.pinged += 1
    },
  }
  return {
    ws: ws as unknown as WebSocket,
    session: { wtId, tokenHash },
    alive: true,
    queue: [],
    queued: 0,
    chain: Promise.resolve(),
    buckets: null as unknown as Client['buckets'],
    sweepTurn: 0,
    log,
  }
}
