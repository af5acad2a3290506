import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import net from 'node:net'
import path from 'node:path'
import WebSocket from 'ws'

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl. */
export function selfSignedCertificate(dir: string): { cert: string; key: string; pem: Buffer } {
  const cert = path.join(dir, 'cert.pem')
  const key = path.join(dir, 'key.pem')
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' })
  return { cert, key, pem: fs.readFileSync(cert) }
}

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? null

export interface SiteOptions {
  httpsPort: number
  httpPort: number
  upstreams: number[]
  cert: string
  key: string
  webRoot: string
}

/**
 * The shipped site (deploy/nginx/weitalk.conf) with this run's ports, certificate and paths:
 * everything else (TLS, HTTP/2, /ws upgrade, caching, gzip_static, forwarded headers) is
 * tested as shipped.
 */
export function renderSite(shipped: string, o: SiteOptions): string {
  const servers = o.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')
  const rendered = shipped
    .replace(/( {4}server 127\.0\.0\.1:\d+ max_fails=1 fail_timeout=5s;\n)+/, `${servers}\n`)
    .replace(/listen 443 ssl http2;/g, `listen 127.0.0.1:${o.httpsPort} ssl http2;`)
    .replace(/listen 80;/g, `listen 127.0.0.1:${o.httpPort};`)
    .replace(/\s*listen \[::\]:\d+[^;]*;/g, '')
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${o.cert};`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${o.key};`)
    .replace(/root \/srv\/weitalk\/app\/dist\/h5;/, `root ${o.webRoot};`)
  for (const needle of [`${o.httpsPort} ssl http2`, o.cert, o.webRoot, `127.0.0.1:${o.upstreams[1]}`]) {
    if (!rendered.includes(needle)) throw new Error(`deploy/nginx/weitalk.conf changed shape: could not set ${needle}`)
  }
  return rendered
}

/** nginx in the foreground with a minimal main configuration around the site; resolves once it listens. */
export async function startNginx(dir: string, site: string, httpsPort: number): Promise<{ stop(): Promise<void>; output(): string }> {
  fs.writeFileSync(path.join(dir, 'site.conf'), site)
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'worker_processes 1;',
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      `  access_log ${dir}/access.log;`,
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  )
  const child: ChildProcess = spawn(NGINX!, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const deadline = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`)
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(httpsPort, '127.0.0.1')
      s.once('connect', () => (s.destroy(), resolve(true)))
      s.once('error', () => resolve(false))
    })
    if (up) break
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${httpsPort}: ${output}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    output: () => output + (fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : ''),
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGQUIT')
      await exited
    },
  }
}

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  json<T = { code: number; msg: string; data: unknown }>(): T
}

export interface ProxyClient {
  request(method: string, path: string, opts?: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string>; localAddress?: string }): Promise<Answer>
  api<T = unknown>(path: string, json?: unknown, token?: string): Promise<{ code: number; msg: string; data: T }>
  socket(token: string): Promise<SocketClient>
}

export interface SocketClient {
  ws: WebSocket
  frames: Array<Record<string, unknown>>
  next(pred: (f: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>
  closed: Promise<number>
}

const flatten = (f: Record<string, unknown>): Array<Record<string, unknown>> =>
  f.type === 'batch' ? (f.frames as Array<Record<string, unknown>>).flatMap(flatten) : [f]

/** HTTPS and WSS through the proxy, trusting only the run's certificate. */
export function proxyClient(port: number, ca: Buffer): ProxyClient {
  const request: ProxyClient['request'] = (method, p, opts = {}) =>
    new Promise((resolve, reject) => {
      const body = opts.json !== undefined ? Buffer.from(JSON.stringify(opts.json)) : opts.body
      const headers: Record<string, string> = { ...(opts.headers ?? {}) }
      if (opts.json !== undefined) headers['content-type'] = 'application/json'
      if (opts.token) headers.authorization = `Bearer ${opts.token}`
      if (body) headers['content-length'] = String(body.length)
      const req = https.request({ host: '127.0.0.1', port, path: p, method, ca, headers, agent: false, localAddress: opts.localAddress }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const buf = Buffer.concat(chunks)
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: buf, json: <T>() => JSON.parse(buf.toString()) as T })
        })
      })
      req.on('error', reject)
      req.end(body)
    })
  return {
    request,
    async api(p, json, token) {
      const res = await request(json === undefined ? 'GET' : 'POST', p, { json, token })
      return res.json()
    },
    socket(token) {
      const ws = new WebSocket(`wss://127.0.0.1:${port}/ws/${token}`, { ca, origin: `https://127.0.0.1:${port}` })
      const frames: Array<Record<string, unknown>> = []
      const waiters: Array<{ pred: (f: Record<string, unknown>) => boolean; resolve: (f: Record<string, unknown>) => void }> = []
      ws.on('message', (raw) => {
        for (const f of flatten(JSON.parse(raw.toString()) as Record<string, unknown>)) {
          frames.push(f)
          for (const w of [...waiters]) {
            if (!w.pred(f)) continue
            waiters.splice(waiters.indexOf(w), 1)
            w.resolve(f)
          }
        }
      })
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
      const client: SocketClient = {
        ws,
        frames,
        closed,
        next(pred, timeoutMs = 10_000) {
          const seen = frames.find(pred)
          if (seen) return Promise.resolve(seen)
          return new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames).slice(0, 500)}`)), timeoutMs)
            waiters.push({ pred, resolve: (f) => (clearTimeout(timer), resolve(f)) })
          })
        },
      }
      const failed = new Promise<never>((_, reject) => ws.once('error', reject))
      return Promise.race([client.next((f) => f.type === 'hello').then(() => client), failed])
    },
  }
}

/** One sample of a Prometheus exposition text, or 0 when absent. */
export function metric(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}
