import { Listeners } from './listeners'
import type { PlatformSocket, SocketCloseEvent, SocketPort, SocketState } from './socket'

const STATES: readonly SocketState[] = ['connecting', 'open', 'closing', 'closed']

function connect(url: string): PlatformSocket {
  const ws = new WebSocket(url)
  const opened = new Listeners<[]>()
  const messages = new Listeners<[string]>()
  const closed = new Listeners<[SocketCloseEvent]>()
  const errors = new Listeners<[string]>()
  ws.onopen = () => opened.emit()
  ws.onmessage = (e: MessageEvent) => {
    // The server only sends text frames; binary data is passed on as-is for the validator to refuse.
    messages.emit(typeof e.data === 'string' ? e.data : String(e.data))
  }
  ws.onerror = () => errors.emit('websocket error')
  ws.onclose = (e: CloseEvent) => closed.emit({ code: e.code, reason: e.reason })
  return {
    get readyState() {
      return STATES[ws.readyState] ?? 'closed'
    },
    send: (text) => ws.send(text),
    close: (code = 1000, reason) => ws.close(code, reason),
    onOpen: (fn) => opened.add(fn),
    onMessage: (fn) => messages.add(fn),
    onClose: (fn) => closed.add(fn),
    onError: (fn) => errors.add(fn),
  }
}

function urlFor(path: string): string {
  if (API_BASE) return API_BASE.replace(/^http/, 'ws') + path
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${window.location.host}${path}`
}

export const socket: SocketPort = { connect, urlFor }
