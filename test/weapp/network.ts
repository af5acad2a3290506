import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { WsClose } from '../../types/ws'

/**
 * wx.request, wx.uploadFile, wx.downloadFile and wx.connectSocket of the simulated mini-program, carried by Node's
 * HTTP client and the ws client to the suite's real server. The build fixes the server address
 * (WEAPP_API_BASE); every address is pointed at the test server instead, path and query kept.
 */

type Callback = (res: unknown) => void
interface CallbackOptions {
  success?: Callback
  fail?: Callback
  complete?: Callback
}

/** The test server's origin, as globalSetup left it. */
export function serverOrigin(): string {
  const url = process.env.WEAPP_TEST_SERVER
  if (!url) throw new Error('WEAPP_TEST_SERVER is not set: run the suite with test/weapp/jest.config.js')
  return url
}

function retarget(url: string, protocol: 'http:' | 'ws:'): URL {
  const target = new URL(url, serverOrigin())
  const origin = new URL(serverOrigin())
  target.protocol = protocol
  target.host = origin.host
  return target
}

const CONTENT_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.mp4': 'video/mp4', '.txt': 'text/plain' }

function lowerKeys(header: Record<string, unknown> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(header ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]))
}

/** One multipart/form-data body: the fields, then the file. */
export function multipart(fields: Record<string, unknown>, name: string, fileName: string, content: Buffer): { body: Buffer; type: string } {
  const boundary = `----weapp${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [key, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${String(value)}\r\n`))
  }
  const type = CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream'
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`))
  parts.push(content, Buffer.from(`\r\n--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` }
}

export interface Bridge {
  /** Every URL the app asked for, path and query, in order. */
  readonly requests: Array<{ method: string; path: string; body: unknown }>
  /** Stops the app's sockets for good (a closed session) and drops answers still on the way. */
  close(): void
}

/**
 * Installs the three network calls on the simulator's `wx`. After `close()` nothing of this
 * bridge reaches the app any more, so a test's app cannot disturb the next test's.
 */
export function bridgeNetwork(wx: Record<string, unknown>): Bridge {
  let open = true
  const sockets = new Set<{ end(): void }>()
  const requests: Bridge['requests'] = []
  const settle = (options: CallbackOptions, ok: boolean, res: unknown) => {
    if (!open) return
    ;(ok ? options.success : options.fail)?.(res)
    options.complete?.(res)
  }

  /** Sends one HTTP request; answers (status, headers, body text) or an error. */
  const send = (url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined, timeoutMs: number, done: (err: Error | null, res?: { status: number; headers: http.IncomingHttpHeaders; text: string }) => void) => {
    const req = http.request(url, { method, headers: body ? { ...headers, 'content-length': String(body.length) } : headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => done(null, { status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }))
    })
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')))
    req.on('error', (err) => done(err))
    req.end(body)
    return req
  }

  wx.request = (options: CallbackOptions & { url: string; method?: string; data?: unknown; header?: Record<string, unknown>; timeout?: number; dataType?: string }) => {
    const url = retarget(options.url, 'http:')
    const method = (options.method ?? 'GET').toUpperCase()
    const headers = lowerKeys(options.header)
    let body: Buffer | undefined
    if (method === 'GET' && options.data && typeof options.data === 'object') {
      for (const [k, v] of Object.entries(options.data)) url.searchParams.set(k, String(v))
    } else if (options.data !== undefined && options.data !== null) {
      body = Buffer.from(typeof options.data === 'string' ? options.data : JSON.stringify(options.data))
      headers['content-type'] ??= 'application/json'
    }
    requests.push({ method, path: url.pathname + url.search, body: typeof options.data === 'string' ? JSON.parse(options.data) : options.data })
    const req = send(url, method, headers, body, options.timeout ?? 60_000, (err, res) => {
      if (err || !res) return settle(options, false, { errMsg: `request:fail ${err?.message ?? ''}` })
      let data: unknown = res.text
      if (options.dataType !== 'text') {
        try {
          data = JSON.parse(res.text)
        } catch {
          data = res.text
        }
      }
      settle(options, true, { statusCode: res.status, header: res.headers, data, errMsg: 'request:ok' })
    })
    return { abort: () => req.destroy(new Error('abort')), onHeadersReceived() {}, offHeadersReceived() {}, onChunkReceived() {}, offChunkReceived() {} }
  }

  wx.uploadFile = (options: CallbackOptions & { url: string; filePath: string; name: string; formData?: Record<string, unknown>; header?: Record<string, unknown>; timeout?: number }) => {
    const url = retarget(options.url, 'http:')
    const { body, type } = multipart(options.formData ?? {}, options.name, path.basename(options.filePath), fs.readFileSync(options.filePath))
    const progress = new Set<Callback>()
    requests.push({ method: 'POST', path: url.pathname + url.search, body: { file: path.basename(options.filePath), ...options.formData } })
    const req = send(url, 'POST', { ...lowerKeys(options.header), 'content-type': type }, body, options.timeout ?? 60_000, (err, res) => {
      if (err || !res) return settle(options, false, { errMsg: `uploadFile:fail ${err?.message ?? ''}` })
      if (open) for (const fn of progress) fn({ progress: 100, totalBytesSent: body.length, totalBytesExpectedToSend: body.length })
      settle(options, true, { statusCode: res.status, data: res.text, errMsg: 'uploadFile:ok' })
    })
    return {
      abort: () => req.destroy(new Error('abort')),
      onProgressUpdate: (fn: Callback) => progress.add(fn),
      offProgressUpdate: (fn: Callback) => progress.delete(fn),
      onHeadersReceived() {},
      offHeadersReceived() {},
    }
  }

  // A download lands in a temporary file, as WeChat's does (its tempFilePath).
  wx.downloadFile = (options: CallbackOptions & { url: string; header?: Record<string, unknown> }) => {
    const url = retarget(options.url, 'http:')
    requests.push({ method: 'GET', path: url.pathname + url.search, body: undefined })
    const req = http.get(url, { headers: lowerKeys(options.header) }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const tempFilePath = path.join(os.tmpdir(), `weapp-download-${randomBytes(8).toString('hex')}`)
        fs.writeFileSync(tempFilePath, Buffer.concat(chunks))
        settle(options, true, { statusCode: res.statusCode ?? 0, tempFilePath, errMsg: 'downloadFile:ok' })
      })
    })
    req.on('error', (err) => settle(options, false, { errMsg: `downloadFile:fail ${err.message}` }))
    return { abort: () => req.destroy(new Error('abort')), onProgressUpdate() {}, offProgressUpdate() {}, onHeadersReceived() {}, offHeadersReceived() {} }
  }

  wx.connectSocket = (options: CallbackOptions & { url: string; header?: Record<string, unknown>; protocols?: string[] }) => {
    const url = retarget(options.url, 'ws:')
    requests.push({ method: 'WS', path: url.pathname, body: undefined })
    const ws = new WebSocket(url, options.protocols ?? [], { headers: lowerKeys(options.header) })
    const on: Record<'open' | 'message' | 'error' | 'close', Set<Callback>> = { open: new Set(), message: new Set(), error: new Set(), close: new Set() }
    let delivered = true
    const emit = (event: keyof typeof on, res: unknown) => {
      if (open && delivered) for (const fn of on[event]) fn(res)
    }
    ws.on('open', () => emit('open', { header: {}, profile: {} }))
    ws.on('message', (raw, isBinary) => emit('message', { data: isBinary ? raw : raw.toString() }))
    ws.on('error', (err) => emit('error', { errMsg: err.message }))
    ws.on('close', (code, reason) => {
      emit('close', { code, reason: reason.toString() })
      sockets.delete(entry)
    })
    const entry = {
      end() {
        // The app hears the end of its session, so it does not reconnect; then the socket goes.
        emit('close', { code: WsClose.SessionEnded, reason: 'test over' })
        delivered = false
        ws.terminate()
      },
    }
    sockets.add(entry)
    setTimeout(() => settle(options, true, { errMsg: 'connectSocket:ok' }), 0)
    return {
      get readyState() {
        return ws.readyState
      },
      onOpen: (fn: Callback) => on.open.add(fn),
      onMessage: (fn: Callback) => on.message.add(fn),
      onError: (fn: Callback) => on.error.add(fn),
      onClose: (fn: Callback) => on.close.add(fn),
      send: (o: CallbackOptions & { data: string | ArrayBuffer }) => {
        if (ws.readyState !== WebSocket.OPEN) return settle(o, false, { errMsg: 'sendSocketMessage:fail socket is not open' })
        ws.send(o.data, (err) => settle(o, !err, { errMsg: err ? `sendSocketMessage:fail ${err.message}` : 'sendSocketMessage:ok' }))
      },
      close: (o: CallbackOptions & { code?: number; reason?: string } = {}) => {
        ws.close(o.code ?? 1000, o.reason)
        settle(o, true, { errMsg: 'closeSocket:ok' })
      },
    }
  }

  return {
    requests,
    close() {
      for (const socket of [...sockets]) socket.end()
      sockets.clear()
      open = false
    },
  }
}
