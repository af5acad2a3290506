import { Listeners } from '@/platform/listeners'
import type { PlatformSocket, SocketCloseEvent, SocketState } from '@/platform/socket'

/** A PlatformSocket the test drives by hand: open it, feed it frames, close it. */
export class FakeSocket implements PlatformSocket {
  readyState: SocketState = 'connecting'
  readonly sent: string[] = []
  closedWith: SocketCloseEvent | null = null
  private readonly opened = new Listeners<[]>()
  private readonly messages = new Listeners<[string]>()
  private readonly closed = new Listeners<[SocketCloseEvent]>()
  private readonly errors = new Listeners<[string]>()

  constructor(readonly url: string) {}

  send(text: string): void {
    if (this.readyState !== 'open') throw new Error('send on a socket that is not open')
    this.sent.push(text)
  }

  close(code = 1000, reason = ''): void {
    this.closedWith = { code, reason }
    this.readyState = 'closed'
  }

  onOpen(fn: () => void) {
    return this.opened.add(fn)
  }
  onMessage(fn: (text: string) => void) {
    return this.messages.add(fn)
  }
  onClose(fn: (event: SocketCloseEvent) => void) {
    return this.closed.add(fn)
  }
  onError(fn: (message: string) => void) {
    return this.errors.add(fn)
  }

  /** Server side: the connection is up. */
  open(): void {
    this.readyState = 'open'
    this.opened.emit()
  }

  /** Server side: a text frame; objects are sent as JSON. */
  receive(frame: unknown): void {
    this.messages.emit(typeof frame === 'string' ? frame : JSON.stringify(frame))
  }

  /** Server side (or network): the connection is gone. */
  drop(code = 1006, reason = ''): void {
    this.readyState = 'closed'
    this.closed.emit({ code, reason })
  }

  sentFrames(): unknown[] {
    return this.sent.map((s) => JSON.parse(s) as unknown)
  }
}

/** Records every socket a component under test opens. */
export class FakeSocketFactory {
  readonly sockets: FakeSocket[] = []

  connect = (url: string): FakeSocket => {
    const socket = new FakeSocket(url)
    this.sockets.push(socket)
    return socket
  }

  urlFor = (path: string): string => `ws://test.local${path}`

  get last(): FakeSocket {
    const socket = this.sockets[this.sockets.length - 1]
    if (!socket) throw new Error('no socket was opened')
    return socket
  }
}
