import { boot } from '@/platform/boot'
import { http } from '@/platform/http'
import { HttpFailure } from '@/platform/httpFailure'
import { appLocation } from '@/platform/location'
import { notifications } from '@/platform/notifications'
import { socket } from '@/platform/socket'
import { storage } from '@/platform/storage'
import { VISITOR_STORAGE_KEY, readOrCreateVisitorId, uuidFromBytes } from '@/platform/visitorId'
import { bootRewrite } from '@/router/guard'

describe('storage (H5)', () => {
  test('round-trips JSON values and forgets removed keys', () => {
    storage.set('k', { a: [1, '二'] })
    expect(storage.get('k')).toEqual({ a: [1, '二'] })
    expect(localStorage.getItem('k')).toBe('{"a":[1,"二"]}')
    storage.remove('k')
    expect(storage.get('k')).toBeNull()
  })

  test('unreadable content reads as missing', () => {
    localStorage.setItem('broken', '{nope')
    expect(storage.get('broken')).toBeNull()
  })
})

describe('visitor id', () => {
  test('is generated once and then read back from storage', () => {
    const generate = jest.fn(() => 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')
    expect(readOrCreateVisitorId(storage, generate)).toBe('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')
    expect(readOrCreateVisitorId(storage, generate)).toBe('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')
    expect(generate).toHaveBeenCalledTimes(1)
    expect(storage.get(VISITOR_STORAGE_KEY)).toBe('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')
  })

  test('the H5 visitor keeps one id for the whole installation', () => {
    jest.isolateModules(() => {
      const { visitor } = require('@/platform/visitor') as typeof import('@/platform/visitor.h5')
      const id = visitor.deviceId()
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(localStorage.getItem(VISITOR_STORAGE_KEY)).toBe(JSON.stringify(id))
      expect(visitor.deviceId()).toBe(id)
    })
  })

  test('uuidFromBytes sets the version and variant bits', () => {
    expect(uuidFromBytes(new Uint8Array(16).fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
    expect(uuidFromBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000')
  })
})

describe('http (H5, over fetch)', () => {
  const g = globalThis as { fetch?: unknown }
  afterEach(() => {
    delete g.fetch
    jest.useRealTimers()
  })

  test('sends the method, headers and JSON body, and parses the answer whatever its status', async () => {
    const fetch = jest.fn(async () => ({ status: 400, text: async () => '{"code":400,"msg":"账号或密码错误","data":null}' }))
    g.fetch = fetch
    const res = await http.request({ method: 'POST', url: '/api/x', data: { a: 1 }, header: { 'App-Version': '1.0.0' }, timeout: 1000 })
    expect(res).toEqual({ statusCode: 400, data: { code: 400, msg: '账号或密码错误', data: null } })
    expect(fetch).toHaveBeenCalledWith('/api/x', expect.objectContaining({ method: 'POST', body: '{"a":1}', headers: { 'App-Version': '1.0.0' } }))
  })

  test('a body that is not JSON comes back as text; GET sends no body', async () => {
    const fetch = jest.fn(async () => ({ status: 502, text: async () => 'Bad Gateway' }))
    g.fetch = fetch
    await expect(http.request({ method: 'GET', url: '/x', data: { a: 1 }, header: {}, timeout: 1000 })).resolves.toEqual({ statusCode: 502, data: 'Bad Gateway' })
    expect((fetch.mock.calls[0] as unknown[])[1]).toMatchObject({ body: undefined })
  })

  test('no answer is an HttpFailure: network or timeout', async () => {
    g.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(http.request({ method: 'GET', url: '/x', header: {}, timeout: 1000 })).rejects.toMatchObject({ kind: 'network' })

    jest.useFakeTimers()
    g.fetch = jest.fn(
      (_url: string, init: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted')))),
    )
    const pending = http.request({ method: 'GET', url: '/x', header: {}, timeout: 60_000 })
    jest.advanceTimersByTime(60_000)
    const err = await pending.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(HttpFailure)
    expect((err as HttpFailure).kind).toBe('timeout')
  })
})

describe('socket (H5)', () => {
  class FakeWebSocket {
    static last: FakeWebSocket
    readyState = 0
    sent: string[] = []
    closed: [number, string | undefined] | null = null
    onopen: (() => void) | null = null
    onmessage: ((e: { data: unknown }) => void) | null = null
    onclose: ((e: { code: number; reason: string }) => void) | null = null
    onerror: (() => void) | null = null
    constructor(readonly url: string) {
      FakeWebSocket.last = this
    }
    send(text: string) {
      this.sent.push(text)
    }
    close(code: number, reason?: string) {
      this.closed = [code, reason]
    }
  }
  const g = globalThis as { WebSocket?: unknown }
  const original = g.WebSocket
  afterEach(() => {
    g.WebSocket = original
  })

  test('wraps WebSocket behind the small socket interface', () => {
    g.WebSocket = FakeWebSocket
    const s = socket.connect('ws://h/ws/t')
    const events: string[] = []
    const offMessage = s.onMessage((t) => events.push(`message:${t}`))
    s.onOpen(() => events.push('open'))
    s.onClose((e) => events.push(`close:${e.code}`))
    const ws = FakeWebSocket.last
    expect(ws.url).toBe('ws://h/ws/t')
    expect(s.readyState).toBe('connecting')
    ws.readyState = 1
    ws.onopen?.()
    expect(s.readyState).toBe('open')
    ws.onmessage?.({ data: '{"type":"pong","ts":1}' })
    offMessage()
    ws.onmessage?.({ data: 'ignored' })
    s.send('{"type":"ping","ts":2}')
    s.close()
    ws.onclose?.({ code: 4401, reason: 'invalid token' })
    expect(events).toEqual(['open', 'message:{"type":"pong","ts":1}', 'close:4401'])
    expect(ws.sent).toEqual(['{"type":"ping","ts":2}'])
    expect(ws.closed).toEqual([1000, undefined])
  })

  test('builds ws:// URLs on the page origin', () => {
    expect(socket.urlFor('/ws/abc')).toBe(`ws://${window.location.host}/ws/abc`)
  })
})

describe('location and boot (H5)', () => {
  test('reads the path and query, replaces the URL without navigating, sets the title', () => {
    window.history.replaceState(null, '', '/contacts?tab=1')
    expect(appLocation.current()).toEqual({ path: '/contacts', query: { tab: '1' } })
    appLocation.replaceUrl('/messages')
    expect(window.location.pathname).toBe('/messages')
    appLocation.setTitle('消息 - 微谈')
    expect(document.title).toBe('消息 - 微谈')
    expect(appLocation.origin()).toBe(window.location.origin)
  })

  test('the launch URL is rewritten before the router reads it', () => {
    window.history.replaceState(null, '', '/moments/42?from=share#top')
    boot.rewriteLaunchUrl(bootRewrite)
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/moments/detail?from=share&id=42#top')

    window.history.replaceState(null, '', '/no/such/page')
    boot.rewriteLaunchUrl(bootRewrite)
    expect(window.location.pathname).toBe('/404')

    window.history.replaceState(null, '', '/messages?qrLogin=abcdefgh')
    boot.rewriteLaunchUrl(bootRewrite)
    expect(window.location.pathname + window.location.search).toBe('/messages?qrLogin=abcdefgh')
  })
})

describe('notifications (H5)', () => {
  test('a browser without support logs an error and skips', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const g = window as unknown as { Notification?: unknown }
    const saved = g.Notification
    delete g.Notification
    try {
      expect(notifications.supported()).toBe(false)
      expect(notifications.permission()).toBe('unsupported')
      expect(notifications.show('新消息', '你好')).toBeNull()
      expect(error).toHaveBeenCalledTimes(1)
    } finally {
      if (saved !== undefined) g.Notification = saved
    }
  })

  test('shows a notification once permission is granted', () => {
    const created: Array<[string, { body: string }]> = []
    class FakeNotification {
      static permission = 'granted'
      onclick: (() => void) | null = null
      constructor(title: string, options: { body: string }) {
        created.push([title, options])
      }
      close() {}
    }
    const g = window as unknown as { Notification?: unknown }
    const saved = g.Notification
    g.Notification = FakeNotification
    try {
      notifications.show('李四', '在吗', { tag: 'c2c' })
      expect(created).toEqual([['李四', { body: '在吗', icon: undefined, tag: 'c2c' }]])
    } finally {
      g.Notification = saved
    }
  })

  test('a click brings the window to the front and closes the notification; its owner can close it too', () => {
    const instances: Array<{ onclick: (() => void) | null; closed: number }> = []
    class FakeNotification {
      static permission = 'granted'
      onclick: (() => void) | null = null
      closed = 0
      constructor() {
        instances.push(this)
      }
      close() {
        this.closed += 1
      }
    }
    const g = window as unknown as { Notification?: unknown }
    const saved = g.Notification
    g.Notification = FakeNotification
    const focus = jest.spyOn(window, 'focus').mockImplementation(() => undefined)
    try {
      const clicked = jest.fn()
      notifications.show('甲', '你有一个新的通话邀请', { tag: 'call-1', onClick: clicked })
      instances[0]!.onclick!()
      expect(focus).toHaveBeenCalledTimes(1)
      expect(clicked).toHaveBeenCalledTimes(1)
      expect(instances[0]!.closed).toBe(1)
      // Without a handler of its own a click still focuses the window.
      const shown = notifications.show('乙', '你有一个新的通话邀请', { tag: 'call-2' })
      instances[1]!.onclick!()
      expect(focus).toHaveBeenCalledTimes(2)
      shown!.close()
      expect(instances[1]!.closed).toBe(2)
    } finally {
      focus.mockRestore()
      g.Notification = saved
    }
  })

  test('nothing is shown without permission', () => {
    class DeniedNotification {
      static permission = 'denied'
    }
    const g = window as unknown as { Notification?: unknown }
    const saved = g.Notification
    g.Notification = DeniedNotification
    try {
      expect(notifications.show('甲', '你有一个新的通话邀请')).toBeNull()
    } finally {
      g.Notification = saved
    }
  })
})
