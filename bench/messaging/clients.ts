/** The load generator's WebSocket clients: many sockets in this one process, opened in batches. */
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'

export interface SeedUser {
  wtId: string
  token: string
}

export type Frame = Record<string, unknown> & { type: unknown }
export type FrameHandler = (client: BenchClient, frame: Frame, at: number) => void

export interface BenchClient {
  idx: number
  wtId: string
  ws: WebSocket
  /** Index of the server process this client is connected to. */
  server: number
  open: boolean
}

export class ClientPool {
  readonly clients: BenchClient[] = []
  /** Frames by type, batches unpacked. */
  readonly frameCounts = new Map<string, number>()
  /** Unexpected closes after connecting, and error frames. */
  closes = 0
  errors: string[] = []
  handler: FrameHandler = () => undefined
  /** Pongs go here instead of to `handler` (the server-responsiveness probe). */
  pongHandler: FrameHandler = () => undefined

  private count(type: string) {
    this.frameCounts.set(type, (this.frameCounts.get(type) ?? 0) + 1)
  }

  private dispatch(client: BenchClient, frame: Frame, at: number) {
    if (frame.type === 'batch') {
      this.count('batch')
      for (const f of frame.frames as Frame[]) this.dispatch(client, f, at)
      return
    }
    this.count(String(frame.type))
    if (frame.type === 'error' && this.errors.length < 20) this.errors.push(JSON.stringify(frame))
    if (frame.type === 'pong') this.pongHandler(client, frame, at)
    else this.handler(client, frame, at)
  }

  private connectOne(idx: number, user: SeedUser, server: number, wsUrl: string, timeoutMs: number): Promise<BenchClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${wsUrl}/ws/${user.token}`, { perMessageDeflate: false, handshakeTimeout: timeoutMs })
      const client: BenchClient = { idx, wtId: user.wtId, ws, server, open: false }
      const timer = setTimeout(() => {
        ws.terminate()
        reject(new Error(`client ${idx}: no hello within ${timeoutMs} ms`))
      }, timeoutMs)
      ws.on('message', (raw) => {
        const at = performance.now()
        const frame = JSON.parse(raw.toString()) as Frame
        if (!client.open) {
          if (frame.type === 'hello') {
            client.open = true
            clearTimeout(timer)
            resolve(client)
          }
          return
        }
        this.dispatch(client, frame, at)
      })
      ws.on('close', (code) => {
        clearTimeout(timer)
        if (client.open) {
          client.open = false
          this.closes += 1
        } else reject(new Error(`client ${idx}: closed with ${code} before hello`))
      })
      ws.on('error', (err) => {
        clearTimeout(timer)
        if (!client.open) reject(err)
      })
    })
  }

  /**
   * Opens one socket per user of `range`, `batch` at a time, client i on server `serverOf(i)`.
   * Returns how many connected and how long it took; failures are counted, not thrown.
   */
  async connect(
    users: SeedUser[],
    wsUrls: string[],
    serverOf: (i: number) => number,
    batch = 200,
    range: [number, number] = [0, users.length],
    timeoutMs = 30_000,
  ) {
    const started = performance.now()
    let failed = 0
    let firstError = ''
    for (let i = range[0]; i < range[1]; i += batch) {
      const slice = users.slice(i, Math.min(i + batch, range[1]))
      const results = await Promise.allSettled(
        slice.map((u, j) => this.connectOne(i + j, u, serverOf(i + j), wsUrls[serverOf(i + j)]!, timeoutMs)),
      )
      for (const r of results) {
        if (r.status === 'fulfilled') this.clients[r.value.idx] = r.value
        else {
          failed += 1
          firstError ||= String(r.reason?.message ?? r.reason)
        }
      }
    }
    return { connected: this.clients.filter(Boolean).length, failed, firstError, ms: performance.now() - started }
  }

  send(client: BenchClient, frame: unknown): boolean {
    if (!client.open || client.ws.readyState !== WebSocket.OPEN) return false
    client.ws.send(JSON.stringify(frame))
    return true
  }

  async close(): Promise<void> {
    const open = this.clients.filter((c) => c && c.ws.readyState !== WebSocket.CLOSED)
    for (const c of open) c.open = false
    await Promise.all(
      open.map(
        (c) =>
          new Promise<void>((resolve) => {
            const t = setTimeout(() => (c.ws.terminate(), resolve()), 3000)
            c.ws.once('close', () => (clearTimeout(t), resolve()))
            c.ws.close()
          }),
      ),
    )
  }
}
