import type Taro from '@tarojs/taro'
import { Listeners } from './listeners'
import type { PlatformSocket, SocketCloseEvent, SocketPort, SocketState } from './socket'

/**
 * The mini-program global. Its connectSocket hands back the task synchronously, so listeners are
 * attached before any event can fire (Taro's promisified wrapper resolves a tick later).
 */
declare const wx: { connectSocket(option: { url: string; fail?: (res: { errMsg: string }) => void }): Taro.SocketTask }

const STATES: readonly SocketState[] = ['connecting', 'open', 'closing', 'closed']

function connect(url: string): PlatformSocket {
  const opened = new Listeners<[]>()
  const messages = new Listeners<[string]>()
  const closed = new Listeners<[SocketCloseEvent]>()
  const errors = new Listeners<[string]>()
  let failed = false
  const task = wx.connectSocket({
    url,
    fail: (res) => {
      failed = true
      errors.emit(res.errMsg)
      closed.emit({ code: 1006, reason: res.errMsg })
    },
  })
  task.onOpen(() => opened.emit())
  task.onMessage((res) => messages.emit(typeof res.data === 'string' ? res.data : ''))
  task.onError((res) => errors.emit(res.errMsg))
  task.onClose((res) => closed.emit({ code: res.code, reason: res.reason }))
  return {
    get readyState() {
      return failed ? 'closed' : (STATES[task.readyState] ?? 'closed')
    },
    send: (text) => task.send({ data: text }),
    close: (code = 1000, reason = '') => task.close({ code, reason }),
    onOpen: (fn) => opened.add(fn),
    onMessage: (fn) => messages.add(fn),
    onClose: (fn) => closed.add(fn),
    onError: (fn) => errors.add(fn),
  }
}

function urlFor(path: string): string {
  return API_BASE.replace(/^http/, 'ws') + path
}

export const socket: SocketPort = { connect, urlFor }
