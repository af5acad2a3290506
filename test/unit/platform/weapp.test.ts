import Taro from '@tarojs/taro'
import { http } from '@/platform/http.weapp'
import { socket } from '@/platform/socket.weapp'
import { storage } from '@/platform/storage.weapp'

// The mini-program variants, run against stand-ins of the wx / Taro calls they make.

describe('storage (mini-program)', () => {
  test('stores JSON text through the synchronous Taro storage', () => {
    const data = new Map<string, unknown>()
    jest.spyOn(Taro, 'setStorageSync').mockImplementation((key: string, value: unknown) => void data.set(key, value))
    jest.spyOn(Taro, 'getStorageSync').mockImplementation((key: string) => data.get(key) ?? '')
    jest.spyOn(Taro, 'removeStorageSync').mockImplementation((key: string) => void data.delete(key))
    storage.set('s', { token: 't' })
    expect(data.get('s')).toBe('{"token":"t"}')
    expect(storage.get('s')).toEqual({ token: 't' })
    storage.remove('s')
    expect(storage.get('s')).toBeNull()
  })
})

describe('http (mini-program)', () => {
  test('passes the request to Taro.request and returns status and body', async () => {
    const request = jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 200, msg: '', data: 1 }, header: {}, cookies: [], errMsg: 'request:ok' } as never)
    const res = await http.request({ method: 'POST', url: 'http://h/api/x', data: { a: 1 }, header: { 'App-Version': '1.0.0' }, timeout: 60_000 })
    expect(res).toEqual({ statusCode: 200, data: { code: 200, msg: '', data: 1 } })
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ url: 'http://h/api/x', method: 'POST', data: { a: 1 }, timeout: 60_000 }))
  })

  test('a failed request becomes an HttpFailure telling a timeout from a network error', async () => {
    jest.spyOn(Taro, 'request').mockRejectedValueOnce({ errMsg: 'request:fail timeout' }).mockRejectedValueOnce({ errMsg: 'request:fail net::ERR' })
    const req = { method: 'GET' as const, url: 'http://h/api/x', header: {}, timeout: 10 }
    await expect(http.request(req)).rejects.toMatchObject({ kind: 'timeout' })
    await expect(http.request(req)).rejects.toMatchObject({ kind: 'network' })
  })
})

describe('socket (mini-program)', () => {
  type Handler = (res: Record<string, unknown>) => void
  function fakeWx() {
    const handlers: Record<string, Handler> = {}
    const task = {
      readyState: 0,
      sent: [] as string[],
      closed: null as null | { code: number; reason: string },
      onOpen: (fn: Handler) => (handlers.open = fn),
      onMessage: (fn: Handler) => (handlers.message = fn),
      onClose: (fn: Handler) => (handlers.close = fn),
      onError: (fn: Handler) => (handlers.error = fn),
      send: (o: { data: string }) => task.sent.push(o.data),
      close: (o: { code: number; reason: string }) => (task.closed = o),
    }
    const connectSocket = jest.fn(() => task)
    ;(globalThis as { wx?: unknown }).wx = { connectSocket }
    return { task, handlers, connectSocket }
  }
  afterEach(() => {
    delete (globalThis as { wx?: unknown }).wx
  })

  test('attaches its listeners to the task wx returns at once', () => {
    const { task, handlers, connectSocket } = fakeWx()
    const s = socket.connect('ws://h/ws/t')
    const events: string[] = []
    s.onOpen(() => events.push('open'))
    s.onMessage((t) => events.push(t))
    s.onClose((e) => events.push(`close:${e.code}`))
    expect(connectSocket).toHaveBeenCalledWith(expect.objectContaining({ url: 'ws://h/ws/t' }))
    task.readyState = 1
    handlers.open!({})
    expect(s.readyState).toBe('open')
    handlers.message!({ data: '{"type":"pong","ts":1}' })
    s.send('{"type":"ping","ts":1}')
    s.close(4000, 'bye')
    handlers.close!({ code: 4401, reason: 'invalid token' })
    expect(events).toEqual(['open', '{"type":"pong","ts":1}', 'close:4401'])
    expect(task.sent).toEqual(['{"type":"ping","ts":1}'])
    expect(task.closed).toEqual({ code: 4000, reason: 'bye' })
  })

  test('a connection that cannot be made closes with 1006', () => {
    fakeWx()
    const wx = (globalThis as unknown as { wx: { connectSocket: jest.Mock } }).wx
    wx.connectSocket.mockImplementation((o: { fail: (r: { errMsg: string }) => void }) => {
      const task = { readyState: 0, onOpen() {}, onMessage() {}, onClose() {}, onError() {} }
      setTimeout(() => o.fail({ errMsg: 'connectSocket:fail' }))
      return task
    })
    jest.useFakeTimers()
    const s = socket.connect('ws://h/ws/t')
    const closes: number[] = []
    s.onClose((e) => closes.push(e.code))
    jest.runAllTimers()
    jest.useRealTimers()
    expect(closes).toEqual([1006])
    expect(s.readyState).toBe('closed')
  })

  test('builds the socket URL from the server address of the build', () => {
    const g = globalThis as { API_BASE?: string }
    const saved = g.API_BASE
    g.API_BASE = 'https://chat.example.com'
    try {
      expect(socket.urlFor('/ws/t')).toBe('wss://chat.example.com/ws/t')
    } finally {
      g.API_BASE = saved
    }
  })
})
