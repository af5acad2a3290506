/**
 * Messaging benchmark: real server processes, real sockets, real database.
 *
 *   npm run bench:messaging -- --scenario=c2c|group|two-process|login|all --db=postgres|pglite
 *                              --clients=5000 --rate=2000 --seconds=60 [--neighbour] [--logins=10]
 *
 * See bench/messaging/README.md for every option and what each figure means.
 */
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import WebSocket from 'ws'
import { startServer, type RunningServer } from '../../scripts/server-process.mjs'
import { ensureServerBuild } from '../../scripts/build-server.mjs'
import { parseFlags } from '../lib/flags.js'
import { ClientPool, type BenchClient, type SeedUser } from './clients.js'
import { loginNote, startLogins, type LoginReport } from './logins.js'
import { startNeighbour, type Neighbour } from './neighbour.js'
import { cpuByName, cpuDelta, cpuSeconds, machineCpu, machineInfo, rssKb, systemSeconds, workerPid } from './proc.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

// ---------------------------------------------------------------- options

type Scenario = 'c2c' | 'group' | 'two-process' | 'large-group' | 'login'
type DbKind = 'postgres' | 'pglite'

function relayOf(value: string): 'server' | 'bare' {
  if (value !== 'server' && value !== 'bare') throw new Error('--relay must be server or bare')
  return value
}

function parseOptions(argv: string[]) {
  const raw = parseFlags(argv)
  const num = (name: string, fallback: number) => {
    const v = raw.has(name) ? Number(raw.get(name)) : fallback
    if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a non-negative number`)
    return v
  }
  const scenarioArg = raw.get('scenario') ?? 'all'
  const scenarios: Scenario[] =
    scenarioArg === 'all' ? ['c2c', 'group', 'two-process'] : (scenarioArg.split(',') as Scenario[])
  for (const s of scenarios) if (!['c2c', 'group', 'two-process', 'large-group', 'login'].includes(s)) throw new Error(`--scenario: unknown ${s}`)
  const db = (raw.get('db') ?? 'postgres') as DbKind
  if (db !== 'postgres' && db !== 'pglite') throw new Error('--db must be postgres or pglite')
  const rate = num('rate', 2000)
  const rates = raw.has('rates') ? raw.get('rates')!.split(',').map(Number) : [rate]
  if (rates.some((r) => !(r > 0))) throw new Error('--rates must be positive numbers')
  const relay = relayOf(raw.get('relay') ?? 'server')
  if (relay === 'bare' && scenarios.some((x) => x !== 'group')) throw new Error('--relay=bare runs only --scenario=group')
  return {
    relay,
    scenarios,
    db,
    clients: Math.floor(num('clients', 5000)),
    rates,
    seconds: num('seconds', 60),
    warmup: num('warmup', 5),
    drain: num('drain', 10),
    batch: Math.max(1, Math.floor(num('batch', 200))),
    groupMessages: Math.max(1, Math.floor(num('group-messages', 5))),
    groupInterval: num('group-interval', 2000),
    /** group scenarios: messages sent and reported before the measured ones, not counted in the row. */
    groupWarmup: Math.floor(num('group-warmup', 1)),
    /** large-group: members of the group; only --clients of them connect. */
    groupMembers: Math.floor(num('group-members', 100_000)),
    pgUrl: raw.get('pg-url') ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: raw.get('redis-url') ?? process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    json: raw.get('json') ?? null,
    waitIdle: num('wait-idle', 0),
    /** Extra PostgreSQL settings for the server's connections, e.g. '-c synchronous_commit=off' (diagnosis). */
    pgOptions: raw.get('pg-options') ?? null,
    /** Directory for V8 CPU profiles of the server processes (diagnosis; written when they stop). */
    profile: raw.has('profile') ? path.resolve(raw.get('profile')!) : null,
    quiet: raw.has('quiet'),
    /** Run the compiled server (dist/server, built when stale), as `npm start` does, instead of tsx on the sources. */
    compiled: raw.has('compiled'),
    /** Directory for the disk flush probe (the database's disk); unset: no probe. */
    fsyncProbe: raw.has('fsync-probe') ? path.resolve(raw.get('fsync-probe') === 'true' ? '/var/lib/postgresql' : raw.get('fsync-probe')!) : null,
    /** A process burning one core during every measured step (started before the warm-up). */
    neighbour: raw.has('neighbour') || raw.has('neighbor'),
    /** c2c and two-process: password logins per second during each measured step, from their own process. */
    logins: num('logins', 0),
    /** login scenario: logins in flight at once (closed loop), enough to keep the server's hashing busy. */
    loginConcurrency: Math.max(1, Math.floor(num('login-concurrency', 8))),
    /** The servers' password hashing pool (PASSWORD_HASH_THREADS, _QUEUE, _NICE); unset: the server's defaults. */
    hashEnv: Object.fromEntries(
      (['threads', 'queue', 'nice', 'idle'] as const).filter((k) => raw.has(`hash-${k}`)).map((k) => [`PASSWORD_HASH_${k.toUpperCase()}`, String(num(`hash-${k}`, 0))]),
    ),
  }
}
type Options = ReturnType<typeof parseOptions>

// ---------------------------------------------------------------- helpers

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const log = (...parts: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts)

/** Nearest-rank percentile of unsorted values (NaN ignored); null when there are none. */
function percentiles(values: ArrayLike<number>, qs: number[]): Array<number | null> {
  const v = Float64Array.from(values).filter((x) => !Number.isNaN(x)).sort()
  return qs.map((q) => (v.length ? v[Math.min(v.length - 1, Math.max(0, Math.ceil(q * v.length) - 1))]! : null))
}

const cleanups: Array<() => Promise<void>> = []
async function runCleanups() {
  while (cleanups.length) await cleanups.pop()!().catch((err) => console.error('cleanup failed:', err))
}

// ---------------------------------------------------------------- database, seed, servers

interface Storage {
  kind: DbKind
  dataDir: string
  databaseUrl: string | null
  dispose(): Promise<void>
}

let dbCounter = 0
async function freshStorage(opts: Options, kind: DbKind): Promise<Storage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-messaging-'))
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true })
  if (kind === 'pglite') return { kind, dataDir, databaseUrl: null, dispose: removeDir }
  const name = `bench_${process.pid}_${++dbCounter}`
  const admin = new pg.Client({ connectionString: opts.pgUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(opts.pgUrl)
  url.pathname = `/${name}`
  if (opts.pgOptions) url.searchParams.set('options', opts.pgOptions)
  return {
    kind,
    dataDir,
    databaseUrl: url.toString(),
    async dispose() {
      const c = new pg.Client({ connectionString: opts.pgUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
      await removeDir()
    },
  }
}

function storageEnv(s: Storage): Record<string, string | undefined> {
  return { DATA_DIR: s.dataDir, DATABASE_URL: s.databaseUrl ?? undefined }
}

async function seed(s: Storage, users: number, group: boolean, groupMembers = users): Promise<{ users: SeedUser[]; groupId: string | null; password: string }> {
  const out = path.join(s.dataDir, 'seed.json')
  const env: Record<string, string | undefined> = { ...process.env, ...storageEnv(s) }
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k]
  const args = ['server/src/cli/seed-bench.ts', `--users=${users}`, `--out=${out}`, ...(group ? ['--group', `--group-members=${Math.max(users, groupMembers)}`] : [])]
  await new Promise<void>((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed-bench failed (${code}):\n${output}`))))
  })
  return JSON.parse(fs.readFileSync(out, 'utf8'))
}

interface Server {
  run: RunningServer
  /** The node process running main.ts (tsx starts it as a child). */
  pid: number
}

async function startServers(s: Storage, count: number, redisUrl: string | null, hashEnv: Record<string, string> = {}, bare = false, compiled = false): Promise<Server[]> {
  if (compiled) await ensureServerBuild({ log: (line: string) => log(line) })
  const servers: Server[] = []
  for (let i = 0; i < count; i++) {
    const run = await startServer({
      script: bare ? path.join(ROOT, 'bench/messaging/bare-relay.mjs') : undefined,
      compiled,
      dataDir: s.dataDir,
      env: {
        ...storageEnv(s),
        REDIS_URL: redisUrl ?? undefined,
        DEMO_DATA: '0',
        WEB_ROOT: '',
        LOG_LEVEL: 'warn',
        // The benchmark's sockets send faster than a person; the per-socket frame limits would measure themselves.
        WS_SEND_BURST: '1000000',
        WS_SEND_PER_SECOND: '1000000',
        WS_READ_BURST: '1000000',
        WS_READ_PER_SECOND: '1000000',
        // The login load comes from one machine at rates no person reaches; the hashing pool is what it
        // measures. It gives each account an address of its own (X-Forwarded-For), as a crowd would have.
        RATE_LOGIN_PER_MINUTE: '1000000',
        RATE_API_PER_MINUTE: '1000000',
        TRUST_PROXY: '1',
        ...hashEnv,
        // The inspector stays off; SIGUSR1 opens it on a free port so fullGc() can ask for a collection.
        NODE_OPTIONS: [process.env.NODE_OPTIONS, '--inspect-port=127.0.0.1:0'].filter(Boolean).join(' '),
      },
    })
    servers.push({ run, pid: workerPid(run.pid) })
  }
  return servers
}

/** A DevTools protocol session with a server process (its inspector is opened with SIGUSR1). */
async function inspect(server: Server): Promise<{ call(method: string, params?: object): Promise<unknown>; close(): void } | null> {
  const find = () => /Debugger listening on (ws:\/\/\S+)/.exec(server.run.output())?.[1]
  if (!find()) {
    process.kill(server.pid, 'SIGUSR1')
    for (let i = 0; i < 50 && !find(); i++) await sleep(100)
  }
  const url = find()
  if (!url) return null
  const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1024 * 1024 * 1024 })
  const ok = await new Promise<boolean>((resolve) => {
    ws.once('open', () => resolve(true))
    ws.once('error', () => resolve(false))
  })
  if (!ok) return null
  let nextId = 1
  const waiting = new Map<number, (r: unknown) => void>()
  ws.on('message', (raw) => {
    const msg = JSON.parse(raw.toString()) as { id?: number; result?: unknown; error?: unknown }
    if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result ?? msg.error)
  })
  return {
    call(method, params = {}) {
      const id = nextId++
      return new Promise((resolve) => {
        waiting.set(id, resolve)
        ws.send(JSON.stringify({ id, method, params }))
      })
    },
    close: () => ws.close(),
  }
}

/**
 * Asks the server process for a full garbage collection, so RSS readings show retained
 * memory rather than garbage not yet collected. Returns false when the inspector could not be reached.
 */
async function fullGc(server: Server): Promise<boolean> {
  const session = await inspect(server)
  if (!session) return false
  await session.call('HeapProfiler.collectGarbage')
  session.close()
  return true
}

/** Starts the V8 CPU profiler in each server; the returned function stops it and writes `<dir>/<label>-<pid>.cpuprofile`. */
async function startProfiles(servers: Server[], dir: string | null, label: string): Promise<() => Promise<void>> {
  if (!dir) return async () => undefined
  fs.mkdirSync(dir, { recursive: true })
  const sessions = await Promise.all(servers.map((s) => inspect(s)))
  for (const s of sessions) {
    await s?.call('Profiler.enable')
    await s?.call('Profiler.setSamplingInterval', { interval: 500 })
    await s?.call('Profiler.start')
  }
  return async () => {
    for (const [i, s] of sessions.entries()) {
      if (!s) continue
      const { profile } = (await s.call('Profiler.stop')) as { profile: unknown }
      const file = path.join(dir, `${label}-${servers[i]!.pid}.cpuprofile`)
      fs.writeFileSync(file, JSON.stringify(profile))
      log(`CPU profile of pid ${servers[i]!.pid}: ${file}`)
      s.close()
    }
  }
}

/** For error messages: which server processes have exited, with the end of their output. */
function deadServers(servers: Server[]): string {
  const dead = servers.filter((s) => rssKb(s.pid) === null)
  return dead.map((s) => `\nserver pid ${s.pid} has exited; the end of its output:\n${s.run.output().slice(-3000)}`).join('')
}

/** Server log lines at warn (40) or above. */
function serverProblems(servers: Server[]): string[] {
  return servers.flatMap((s) =>
    s.run
      .output()
      .split('\n')
      .filter((l) => /"level":(40|50|60)/.test(l)),
  )
}

// ---------------------------------------------------------------- CPU accounting

interface CpuSample {
  at: number
  servers: number[]
  serversSys: number[]
  postgres: Map<number, number>
  redis: Map<number, number>
  machine: { busy: number; total: number }
  gen: NodeJS.CpuUsage
  neighbour: number
}

/** The busy neighbour of --neighbour while one runs. */
let neighbour: Neighbour | null = null

/** Starts the neighbour (once per scenario); it stops with the scenario's cleanups. */
function startNeighbourFor(opts: Options) {
  if (!opts.neighbour || neighbour) return
  const n = startNeighbour()
  neighbour = n
  log(`neighbour: pid ${n.pid}, a busy loop at nice ${n.nice}`)
  cleanups.push(async () => {
    await n.stop()
    neighbour = null
  })
}

function sampleCpu(servers: Server[]): CpuSample {
  return {
    at: performance.now(),
    servers: servers.map((s) => cpuSeconds(s.pid) ?? 0),
    serversSys: servers.map((s) => systemSeconds(s.pid) ?? 0),
    postgres: cpuByName('postgres'),
    redis: cpuByName('redis-server'),
    machine: machineCpu(),
    gen: process.cpuUsage(),
    neighbour: neighbour?.cpuSeconds() ?? 0,
  }
}

/** CPU used between two samples, as % of one core (100% = one core busy the whole time). */
function cpuBetween(a: CpuSample, b: CpuSample) {
  const wall = (b.at - a.at) / 1000
  const pct = (s: number) => Math.round((s / wall) * 100)
  return {
    wallS: wall,
    serverPct: b.servers.map((x, i) => pct(x - a.servers[i]!)),
    serverS: b.servers.map((x, i) => x - a.servers[i]!),
    serverSysS: b.serversSys.map((x, i) => x - a.serversSys[i]!),
    postgresPct: pct(cpuDelta(a.postgres, b.postgres)),
    redisPct: pct(cpuDelta(a.redis, b.redis)),
    generatorPct: pct((b.gen.user - a.gen.user + b.gen.system - a.gen.system) / 1e6),
    neighbourPct: pct(b.neighbour - a.neighbour),
    machineBusyPct: Math.round(((b.machine.busy - a.machine.busy) / Math.max(1, b.machine.total - a.machine.total)) * 100 * os.cpus().length),
  }
}
type CpuUse = ReturnType<typeof cpuBetween>

// ---------------------------------------------------------------- results

interface Row {
  scenario: string
  db: string
  servers: number
  clients: number
  offered: string
  sent: number
  acked: number
  deliveredPerS: number | null
  p50: number | null
  p95: number | null
  p99: number | null
  max: number | null
  ackP50: number | null
  ackP99: number | null
  lost: number
  dup: number
  unacked: number
  nacked: number
  rssPerConnKb: number | null
  cpu: CpuUse | null
  eventLoopP99: number | null
  /** Round trip of {type:'ping'} to the server during the step. */
  pingP99: number | null
  /** CPU of the server's own PostgreSQL backends, % of one core. */
  pgBenchPct: number | null
  notes: string[]
}

/** CPU the machine spent outside the server, database, Redis, this generator and the neighbour (other programs). */
const otherPct = (c: CpuUse) =>
  Math.max(0, c.machineBusyPct - c.serverPct.reduce((a, b) => a + b, 0) - c.postgresPct - c.redisPct - c.generatorPct - c.neighbourPct)

/** What the neighbour did during a step, so the figure can be reproduced. */
const neighbourNote = (c: CpuUse): string[] =>
  neighbour ? [`neighbour (pid ${neighbour.pid}, a busy loop at nice ${neighbour.nice}) used ${c.neighbourPct}% of a core during the step`] : []

const fmt = (v: number | null | undefined, digits = 1) => (v === null || v === undefined ? '-' : v.toFixed(digits))

function printTable(rows: Row[]) {
  const cols: Array<[string, (r: Row) => string]> = [
    ['scenario', (r) => r.scenario],
    ['db', (r) => r.db],
    ['procs', (r) => String(r.servers)],
    ['clients', (r) => String(r.clients)],
    ['offered', (r) => r.offered],
    ['sent', (r) => String(r.sent)],
    ['deliv/s', (r) => fmt(r.deliveredPerS, 0)],
    ['p50 ms', (r) => fmt(r.p50)],
    ['p95 ms', (r) => fmt(r.p95)],
    ['p99 ms', (r) => fmt(r.p99)],
    ['max ms', (r) => fmt(r.max)],
    ['ack p50', (r) => fmt(r.ackP50)],
    ['ack p99', (r) => fmt(r.ackP99)],
    ['lost', (r) => String(r.lost)],
    ['dup', (r) => String(r.dup)],
    ['unacked', (r) => String(r.unacked)],
    ['RSS/conn KB', (r) => fmt(r.rssPerConnKb)],
    ['server CPU %', (r) => (r.cpu ? r.cpu.serverPct.join('+') : '-')],
    ['pg CPU %', (r) => (r.cpu && r.db === 'postgres' ? `${r.pgBenchPct ?? '?'} (${r.cpu.postgresPct})` : '-')],
    ['redis CPU %', (r) => (r.cpu && r.servers > 1 ? String(r.cpu.redisPct) : '-')],
    ['gen CPU %', (r) => (r.cpu ? String(r.cpu.generatorPct) : '-')],
    ['ping p99', (r) => fmt(r.pingP99)],
    ['gen lag p99', (r) => fmt(r.eventLoopP99)],
    ['other CPU %', (r) => (r.cpu ? String(otherPct(r.cpu)) : '-')],
  ]
  const cells = [cols.map((c) => c[0]), ...rows.map((r) => cols.map((c) => c[1](r)))]
  const widths = cols.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)))
  const line = (row: string[]) => '| ' + row.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |'
  console.log(line(cells[0]!))
  console.log('|' + widths.map((w, i) => (i < 2 ? ':' + '-'.repeat(w + 1) : '-'.repeat(w + 1) + ':')).join('|') + '|')
  for (const row of cells.slice(1)) console.log(line(row))
  for (const r of rows) for (const n of r.notes) console.log(`  ${r.scenario}/${r.db} ${r.offered}: ${n}`)
}

// ---------------------------------------------------------------- shared scenario setup

/** Median of 9 VmRSS readings 250 ms apart per server, in KB, after a full GC when `gc`. */
async function steadyRss(servers: Server[], gc: boolean): Promise<number[]> {
  if (gc) for (const s of servers) if (!(await fullGc(s))) log(`could not reach the inspector of pid ${s.pid}; RSS without a forced GC`)
  const readings: number[][] = servers.map(() => [])
  for (let i = 0; i < 9; i++) {
    servers.forEach((s, j) => readings[j]!.push(rssKb(s.pid) ?? 0))
    await sleep(250)
  }
  return readings.map((r) => r.sort((a, b) => a - b)[4]!)
}

interface Setup {
  databaseUrl: string | null
  pool: ClientPool
  servers: Server[]
  users: SeedUser[]
  /** Every seeded user's password. */
  password: string
  groupId: string | null
  connected: number
  rssPerConnKb: number | null
  notes: string[]
}

async function setUp(opts: Options, kind: DbKind, procs: number, group: boolean, groupMembers = opts.clients): Promise<Setup> {
  const storage = await freshStorage(opts, kind)
  cleanups.push(() => storage.dispose())
  const seedStart = performance.now()
  const seeded = await seed(storage, opts.clients, group, groupMembers)
  log(`seeded ${seeded.users.length} users${seeded.groupId ? ` and group ${seeded.groupId} of ${Math.max(groupMembers, seeded.users.length)} members` : ''} (${kind}) in ${Math.round(performance.now() - seedStart)} ms`)
  const servers = await startServers(storage, procs, procs > 1 ? opts.redisUrl : null, opts.hashEnv, group && opts.relay === 'bare', opts.compiled)
  cleanups.push(async () => void (await Promise.all(servers.map((s) => s.run.stop()))))
  log(`server pid(s) ${servers.map((s) => s.pid).join(', ')} on ${servers.map((s) => s.run.url).join(', ')}`)

  // Server memory is read (after a full GC) with 0, 1/4, 1/2, 3/4 and all sockets open; the
  // least-squares slope is the memory per idle connection, steadier than one difference.
  const pool = new ClientPool()
  cleanups.push(() => pool.close())
  const wsUrls = servers.map((s) => s.run.url.replace(/^http/, 'ws'))
  await sleep(1000)
  const rawBefore = sum(await steadyRss(servers, false))
  const points: Array<[number, number]> = [[0, sum(await steadyRss(servers, true))]]
  const n = seeded.users.length
  let failed = 0
  let firstError = ''
  let ms = 0
  let connected = 0
  for (let q = 1; q <= 4; q++) {
    const res = await pool.connect(seeded.users, wsUrls, (i) => i % procs, opts.batch, [Math.floor(((q - 1) * n) / 4), Math.floor((q * n) / 4)])
    failed += res.failed
    firstError ||= res.firstError
    ms += res.ms
    connected = res.connected
    await sleep(500)
    points.push([connected, sum(await steadyRss(servers, true))])
  }
  log(`connected ${connected}/${n} in ${Math.round(ms)} ms${failed ? `; ${failed} failed: ${firstError}` : ''}`)
  const rawAfter = sum(await steadyRss(servers, false))
  const mx = sum(points.map((p) => p[0])) / points.length
  const my = sum(points.map((p) => p[1])) / points.length
  const sxx = sum(points.map((p) => (p[0] - mx) ** 2))
  const rssPerConnKb = connected && sxx > 0 ? sum(points.map((p) => (p[0] - mx) * (p[1] - my))) / sxx : null
  const rssNote =
    `server RSS after a full GC by sockets open: ${points.map(([c, kb]) => `${c}: ${(kb / 1024).toFixed(1)} MB`).join(', ')} ` +
    `(slope ${fmt(rssPerConnKb)} KB per socket; first to last ${fmt(connected ? (points[4]![1] - points[0]![1]) / connected : null)} KB); ` +
    `without forcing GC ${(rawBefore / 1024).toFixed(1)} -> ${(rawAfter / 1024).toFixed(1)} MB`
  log(rssNote)
  const notes = [rssNote, ...(failed ? [`${failed} clients failed to connect: ${firstError}`] : [])]
  return { databaseUrl: storage.databaseUrl, pool, servers, users: seeded.users, password: seeded.password, groupId: seeded.groupId, connected, rssPerConnKb, notes }
}

// ---------------------------------------------------------------- probes

interface ProbeResult {
  pingP50: number | null
  pingP99: number | null
  /** Average number of the bench database's backends running a query (PostgreSQL only). */
  pgActive: number | null
  pgWaits: string
  /** CPU of the server processes' own backends (the bench database), % of one core. */
  pgBenchPct: number | null
  /** pg_stat_wal growth during the step (cluster-wide). */
  wal: { records: number; fpi: number; bytes: number; syncs: number } | null
  /** --fsync-probe: the disk's small-write flush times during the step. */
  fsync: FsyncSummary | null
}

interface FsyncSummary {
  n: number
  p50: number | null
  p99: number | null
  max: number | null
  /** Flushes over 100 ms, with their wall-clock time. */
  slow: Array<{ at: string; ms: number }>
}

/** Where --fsync-probe writes (set from the options before any step). */
let fsyncProbeDir: string | null = null

function startFsyncProbe(): (() => Promise<FsyncSummary | null>) {
  if (!fsyncProbeDir) return async () => null
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/messaging/fsync-probe.mjs'), fsyncProbeDir], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return async () => {
    child.kill('SIGTERM')
    await exited
    try {
      return JSON.parse(out) as FsyncSummary
    } catch {
      return null
    }
  }
}

/**
 * While a step runs: one client per server sends {type:'ping'} every 100 ms (the server
 * answers before any database work, so the round trip shows how busy its event loop is),
 * and pg_stat_activity of the bench database is sampled every 100 ms.
 */
function startProbes(setup: Setup) {
  const stopFsync = startFsyncProbe()
  const rtts: number[] = []
  setup.pool.pongHandler = (_c, f, at) => rtts.push(at - Number(f.ts))
  const probes = setup.servers.map((_, i) => setup.pool.clients.find((c) => c?.open && c.server === i)).filter((c): c is BenchClient => !!c)
  const timer = setInterval(() => {
    for (const c of probes) setup.pool.send(c, { type: 'ping', ts: performance.now() })
  }, 100)
  let stopped = false
  let samples = 0
  let active = 0
  const waits = new Map<string, number>()
  const started = performance.now()
  const backendCpu = new Map<number, [number, number]>()
  let pgBenchPct: number | null = null
  let wal: ProbeResult['wal'] = null
  const sampler = (async () => {
    if (!setup.databaseUrl) return
    const client = new pg.Client({ connectionString: setup.databaseUrl })
    client.on('error', () => undefined) // the database is dropped under it on Ctrl-C
    await client.connect()
    const backends = async () =>
      (
        await client.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
      ).rows.map((r) => r.pid)
    for (const pid of await backends()) backendCpu.set(pid, [cpuSeconds(pid) ?? 0, 0])
    const walStats = async () =>
      (
        await client.query<{ records: number; fpi: number; bytes: number; syncs: number }>(
          'SELECT wal_records::float8 AS records, wal_fpi::float8 AS fpi, wal_bytes::float8 AS bytes, wal_sync::float8 AS syncs FROM pg_stat_wal',
        )
      ).rows[0]!
    const walBefore = await walStats().catch(() => null)
    try {
      while (!stopped) {
        const { rows } = await client.query<{ w: string }>(
          `SELECT coalesce(wait_event_type, 'CPU') || ':' || coalesce(wait_event, 'running') AS w
           FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
        )
        samples += 1
        active += rows.length
        for (const r of rows) waits.set(r.w, (waits.get(r.w) ?? 0) + 1)
        await sleep(100)
      }
      for (const pid of await backends()) backendCpu.set(pid, [backendCpu.get(pid)?.[0] ?? 0, cpuSeconds(pid) ?? 0])
      let used = 0
      for (const [a, b] of backendCpu.values()) used += Math.max(0, b - a)
      pgBenchPct = Math.round((used / ((performance.now() - started) / 1000)) * 100)
      const walAfter = await walStats().catch(() => null)
      if (walBefore && walAfter) {
        wal = {
          records: walAfter.records - walBefore.records,
          fpi: walAfter.fpi - walBefore.fpi,
          bytes: walAfter.bytes - walBefore.bytes,
          syncs: walAfter.syncs - walBefore.syncs,
        }
      }
    } finally {
      await client.end()
    }
  })()
  return async (): Promise<ProbeResult> => {
    clearInterval(timer)
    stopped = true
    await sampler.catch(() => undefined)
    setup.pool.pongHandler = () => undefined
    const [pingP50, pingP99] = percentiles(rtts, [0.5, 0.99])
    const top = [...waits.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6)
    const fsync = await stopFsync()
    return {
      fsync,
      pingP50,
      pingP99,
      pgActive: setup.databaseUrl && samples ? active / samples : null,
      pgWaits: top.map(([w, n]) => `${w} ${Math.round((n / Math.max(1, active)) * 100)}%`).join(', '),
      pgBenchPct,
      wal,
    }
  }
}

function probeNote(p: ProbeResult): string {
  const pgPart =
    p.pgActive === null
      ? ''
      : `; the server's PostgreSQL backends used ${p.pgBenchPct ?? '?'}% CPU and were active on average ${p.pgActive.toFixed(1)} (${p.pgWaits || 'none'})`
  const f = p.fsync
  const fsyncPart = f
    ? `; disk flush (8 KB write + fdatasync every 10 ms, ${f.n} of them) p50 ${fmt(f.p50)} p99 ${fmt(f.p99)} max ${fmt(f.max)} ms` +
      (f.slow.length ? `, over 100 ms at ${f.slow.map((x) => `${x.at} (${x.ms} ms)`).join(', ')}` : ', none over 100 ms')
    : ''
  return `server ping round trip p50 ${fmt(p.pingP50)} p99 ${fmt(p.pingP99)} ms${pgPart}${fsyncPart}`
}

/**
 * Waits (up to `maxSeconds`) until the machine is below 25% busy for 3 s in a row: other programs
 * distort the figures. The neighbour of --neighbour is part of the measurement, so its own CPU is not counted.
 */
async function waitForQuietMachine(maxSeconds: number) {
  if (maxSeconds <= 0) return
  const until = performance.now() + maxSeconds * 1000
  let quiet = 0
  let prev = machineCpu()
  let prevNeighbour = neighbour?.cpuSeconds() ?? 0
  let prevAt = performance.now()
  let last = 0
  while (performance.now() < until) {
    await sleep(1000)
    const cur = machineCpu()
    const curNeighbour = neighbour?.cpuSeconds() ?? 0
    const now = performance.now()
    const neighbourShare = ((curNeighbour - prevNeighbour) / ((now - prevAt) / 1000) / os.cpus().length) * 100
    last = Math.max(0, ((cur.busy - prev.busy) / Math.max(1, cur.total - prev.total)) * 100 - neighbourShare)
    prev = cur
    prevNeighbour = curNeighbour
    prevAt = now
    quiet = last < 25 ? quiet + 1 : 0
    if (quiet >= 3) return log(`machine quiet (${last.toFixed(0)}% busy${neighbour ? ' besides the neighbour' : ''}; load average ${loadAverage()})`)
  }
  log(`machine still ${last.toFixed(0)}% busy after ${maxSeconds} s of waiting (load average ${loadAverage()}); measuring anyway`)
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ')

// ---------------------------------------------------------------- c2c

/** Waits until `done()`, or no frame has arrived for `idleSeconds`, or 5 minutes have passed. */
async function drain(done: () => boolean, lastProgress: () => number, idleSeconds: number) {
  const started = performance.now()
  while (!done() && performance.now() - Math.max(lastProgress(), started) < idleSeconds * 1000 && performance.now() - started < 300_000) {
    await sleep(100)
  }
  const took = (performance.now() - started) / 1000
  if (took > 1) log(`  drained for ${took.toFixed(1)} s${done() ? '' : ' (gave up)'}`)
}

let stepCounter = 0

/**
 * One open-loop run: `rate` messages per second for `seconds`, round-robin over every client
 * that has a connected partner (client 2k talks to 2k+1). Each message carries its send time.
 */
async function c2cStep(opts: Options, setup: Setup, rate: number, seconds: number, label: string): Promise<Omit<Row, 'scenario' | 'db' | 'servers' | 'clients' | 'rssPerConnKb'>> {
  const { pool } = setup
  const partner = (i: number) => i ^ 1
  // Evens first, then odds: the two ends of one conversation take turns half a round apart,
  // rather than back to back (which would make every send wait for its partner's row lock).
  const senders = pool.clients
    .filter((c) => c && c.open && pool.clients[partner(c.idx)]?.open)
    .sort((a, b) => (a.idx & 1) - (b.idx & 1) || a.idx - b.idx)
  if (senders.length === 0) throw new Error(`no connected pairs${deadServers(setup.servers)}`)
  const total = Math.max(1, Math.round(rate * seconds))
  const prefix = `bm${process.pid}s${++stepCounter}_`
  const sentAt = new Float64Array(total).fill(NaN)
  const ackAt = new Float64Array(total).fill(NaN)
  const recvAt = new Float64Array(total).fill(NaN)
  const latency = new Float64Array(total).fill(NaN)
  const recvCount = new Uint16Array(total)
  const nacked = new Uint8Array(total)
  const toIdx = new Int32Array(total).fill(-1)
  let stray = 0
  const nackCodes = new Map<number, number>()
  const idOf = (id: unknown) => (typeof id === 'string' && id.startsWith(prefix) ? Number(id.slice(prefix.length)) : -1)
  let frozen = false
  let lastProgress = 0

  pool.handler = (client, frame, at) => {
    lastProgress = at
    if (frame.type === 'ack') {
      const n = idOf(frame.clientMsgId)
      if (n >= 0 && !frozen && Number.isNaN(ackAt[n]!)) ackAt[n] = at
    } else if (frame.type === 'nack') {
      const n = idOf(frame.clientMsgId)
      if (n >= 0) nacked[n] = 1
      nackCodes.set(frame.code as number, (nackCodes.get(frame.code as number) ?? 0) + 1)
    } else if (frame.type === 'msg') {
      const m = frame.message as { clientMsgId: string; payload: { text?: string } }
      const n = idOf(m.clientMsgId)
      if (n < 0) return
      if (client.idx !== toIdx[n]) {
        stray += 1
        return
      }
      recvCount[n] += 1
      if (recvCount[n] === 1) {
        recvAt[n] = at
        // The send time travels in the message itself.
        latency[n] = at - Number(String(m.payload.text).split('@')[1])
      }
    }
  }

  const eld = monitorEventLoopDelay({ resolution: 10 })
  eld.enable()
  const stopProbes = startProbes(setup)
  const stopProfiles = await startProfiles(setup.servers, label === 'warm-up' ? null : opts.profile, `${label}-${rate}`)
  const logins =
    opts.logins > 0 && label !== 'warm-up'
      ? startLogins({ url: setup.servers[0]!.run.url, pwd: setup.password, wtIds: setup.users.map((u) => u.wtId), rate: opts.logins })
      : null
  let sent = 0
  let sendFailed = 0
  let rr = 0
  const cpuStart = sampleCpu(setup.servers)
  const t0 = cpuStart.at
  const windowEnd = t0 + seconds * 1000
  const count = (arr: Float64Array, until = Infinity) => {
    let k = 0
    for (let i = 0; i < sent; i++) if (arr[i]! <= until) k++
    return k
  }
  const progress = opts.quiet
    ? null
    : setInterval(() => {
        const acked = count(ackAt)
        const got = count(recvAt)
        log(`  ${label} ${rate}/s t=${((performance.now() - t0) / 1000).toFixed(0)}s sent ${sent} acked ${acked} delivered ${got} in flight ${sent - got}`)
      }, 10_000)

  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate))
      while (sent < due) {
        const c = senders[rr++ % senders.length]!
        const peer = pool.clients[partner(c.idx)]!
        const n = sent++
        const ts = performance.now()
        sentAt[n] = ts
        toIdx[n] = peer.idx
        const ok = pool.send(c, {
          type: 'send',
          message: { clientMsgId: prefix + n, conversationID: `C2C${peer.wtId}`, type: 'TIMTextElem', payload: { text: `${n}@${ts.toFixed(3)}` } },
        })
        if (!ok) sendFailed += 1
      }
      if (sent >= total) resolve()
      else setTimeout(tick, 2)
    }
    tick()
  })
  const cpuEnd = sampleCpu(setup.servers)
  const cpu = cpuBetween(cpuStart, cpuEnd)
  eld.disable()
  const probe = await stopProbes()
  await stopProfiles()
  const loginReport: LoginReport | null = logins ? await logins.stop() : null

  // Drain: wait until every acknowledged message has reached its receiver, or nothing has
  // arrived for --drain seconds (or 5 minutes have passed).
  const settled = () => {
    for (let n = 0; n < sent; n++) {
      if (nacked[n]) continue
      if (Number.isNaN(ackAt[n]!) || recvCount[n] === 0) return false
    }
    return true
  }
  await drain(settled, () => lastProgress, opts.drain)
  // Acknowledgements from now on are not counted, so a message acknowledged a moment ago is
  // not called lost: its push gets one more second (and late duplicates show up).
  frozen = true
  await sleep(1000)
  if (progress) clearInterval(progress)
  pool.handler = () => undefined

  let acked = 0
  let lost = 0
  let dup = 0
  let unacked = 0
  let nackCount = 0
  let inWindow = 0
  let ackedInCpuWindow = 0
  const ackLatency = new Float64Array(sent).fill(NaN)
  for (let n = 0; n < sent; n++) {
    if (nacked[n]) nackCount++
    else if (Number.isNaN(ackAt[n]!)) unacked++
    else {
      acked++
      ackLatency[n] = ackAt[n]! - sentAt[n]!
      if (recvCount[n] === 0) lost++
    }
    if (recvCount[n]! > 1) dup++
    if (recvAt[n]! <= windowEnd) inWindow++
    if (ackAt[n]! <= cpuEnd.at) ackedInCpuWindow++
  }
  const [p50, p95, p99, max] = percentiles(latency.subarray(0, sent), [0.5, 0.95, 0.99, 1])
  const [ackP50, ackP99] = percentiles(ackLatency, [0.5, 0.99])
  const notes: string[] = []
  const delivered = recvCount.reduce((k, c) => k + (c > 0 ? 1 : 0), 0)
  notes.push(
    `${delivered}/${sent} delivered (${inWindow} within the ${seconds} s window); ${senders.length} senders; ` +
      `server CPU ${cpu.serverS.map((s) => s.toFixed(1)).join('+')} s (of which system ${cpu.serverSysS.map((s) => s.toFixed(1)).join('+')} s) over ${cpu.wallS.toFixed(1)} s, ` +
      `${((sum(cpu.serverS) / Math.max(1, ackedInCpuWindow)) * 1e6).toFixed(0)} µs per message acknowledged in that time; ` +
      `generator event-loop delay p99 ${(eld.percentile(99) / 1e6).toFixed(1)} ms`,
    probeNote(probe),
    ...neighbourNote(cpu),
  )
  if (loginReport) {
    notes.push(`${loginNote(loginReport, `${opts.logins}/s offered to ${setup.servers[0]!.run.url}`)}; the server CPU above includes the hashing`)
  }
  if (probe.wal && ackedInCpuWindow) {
    const per = (x: number) => (x / ackedInCpuWindow).toFixed(1)
    notes.push(
      `WAL (whole cluster) per message acknowledged in the window: ${per(probe.wal.bytes)} bytes, ${per(probe.wal.records)} records, ` +
        `${per(probe.wal.fpi)} full-page images; ${probe.wal.syncs} WAL syncs = ${(probe.wal.syncs / cpu.wallS).toFixed(0)}/s for ${(ackedInCpuWindow / cpu.wallS).toFixed(0)} messages/s`,
    )
  }
  if (nackCount) notes.push(`nacks by code: ${JSON.stringify(Object.fromEntries(nackCodes))}`)
  if (sendFailed) notes.push(`${sendFailed} sends skipped: socket not open`)
  if (stray) notes.push(`${stray} copies arrived at a client other than the receiver`)
  const dead = deadServers(setup.servers)
  if (dead) {
    notes.push(`a server process exited during the step (details above)`)
    console.error(dead)
  }
  return {
    offered: `${rate}/s`,
    sent,
    acked,
    deliveredPerS: inWindow / seconds,
    p50,
    p95,
    p99,
    max,
    ackP50,
    ackP99,
    lost,
    dup,
    unacked,
    nacked: nackCount,
    cpu,
    eventLoopP99: eld.percentile(99) / 1e6,
    pingP99: probe.pingP99,
    pgBenchPct: probe.pgBenchPct,
    notes,
  }
}

async function runC2C(opts: Options, kind: DbKind, procs: number): Promise<Row[]> {
  const scenario = procs > 1 ? 'two-process' : 'c2c'
  log(`== ${scenario} on ${kind}: ${opts.clients} clients, ${procs} server process(es), rates ${opts.rates.join(', ')}/s for ${opts.seconds} s`)
  const setup = await setUp(opts, kind, procs, false)
  const rows: Row[] = []
  startNeighbourFor(opts)
  if (opts.warmup > 0) {
    log(`warm-up: ${opts.rates[0]}/s for ${opts.warmup} s (not counted)`)
    await c2cStep(opts, setup, opts.rates[0]!, opts.warmup, 'warm-up')
  }
  for (const rate of opts.rates) {
    await waitForQuietMachine(opts.waitIdle)
    const r = await c2cStep(opts, setup, rate, opts.seconds, scenario)
    const row: Row = { scenario, db: kind, servers: procs, clients: setup.connected, rssPerConnKb: setup.rssPerConnKb, ...r }
    row.notes = [...setup.notes, ...r.notes]
    log(`${scenario} ${rate}/s: delivered ${fmt(row.deliveredPerS, 0)}/s p50 ${fmt(row.p50)} p95 ${fmt(row.p95)} p99 ${fmt(row.p99)} ms, lost ${row.lost}, dup ${row.dup}, unacked ${row.unacked}`)
    rows.push(row)
  }
  finishNotes(setup, rows)
  return rows
}

function finishNotes(setup: Setup, rows: Row[]) {
  const last = rows[rows.length - 1]
  if (!last) return
  last.notes.push(`frames received by type: ${JSON.stringify(Object.fromEntries(setup.pool.frameCounts))}`)
  if (setup.pool.closes) last.notes.push(`${setup.pool.closes} sockets closed unexpectedly`)
  if (setup.pool.errors.length) last.notes.push(`error frames: ${setup.pool.errors.slice(0, 3).join(' ')}`)
  const problems = serverProblems(setup.servers)
  if (problems.length) last.notes.push(`${problems.length} server log lines at warn or above, first: ${problems[0]!.slice(0, 300)}`)
}

// ---------------------------------------------------------------- group

async function runGroup(opts: Options, kind: DbKind, large = false): Promise<Row[]> {
  const scenario = large ? 'large-group' : 'group'
  const groupMembers = large ? Math.max(opts.groupMembers, opts.clients) : opts.clients
  const W = opts.groupWarmup
  log(`== group on ${kind}${opts.relay === 'bare' ? ' (bare relay, no server)' : ''}: ${opts.clients} members, ${W ? `${W} warm-up and ` : ''}${opts.groupMessages} measured messages ${opts.groupInterval} ms apart`)
  if (large) log(`== large-group: ${groupMembers} members of whom ${opts.clients} connect`)
  const setup = await setUp(opts, kind, 1, true, groupMembers)
  const { pool } = setup
  const sender = pool.clients[0]
  if (!sender?.open) throw new Error('the group owner (client 0) is not connected')
  const N = opts.clients
  // Warm-up messages come first and are reported on their own line; the row counts the K after them.
  const K = W + opts.groupMessages
  const conversationID = `GROUP${setup.groupId}`
  const prefix = `bg${process.pid}s${++stepCounter}_`
  const sentAt = new Float64Array(K).fill(NaN)
  const ackAt = new Float64Array(K).fill(NaN)
  const latency = new Float64Array(K * N).fill(NaN)
  const recvCount = new Uint16Array(K * N)
  const onlineAt = new Array<Uint8Array>(K)
  let selfEcho = 0
  let nacks = 0
  const idOf = (id: unknown) => (typeof id === 'string' && id.startsWith(prefix) ? Number(id.slice(prefix.length)) : -1)
  let lastProgress = 0
  pool.handler = (client, frame, at) => {
    lastProgress = at
    if (frame.type === 'ack') {
      const k = idOf(frame.clientMsgId)
      if (k >= 0) ackAt[k] = at
    } else if (frame.type === 'nack') nacks += 1
    else if (frame.type === 'msg') {
      const m = frame.message as { clientMsgId: string; payload: { text?: string } }
      const k = idOf(m.clientMsgId)
      if (k < 0) return
      if (client.idx === 0) return void (selfEcho += 1)
      const slot = k * N + client.idx
      recvCount[slot] += 1
      if (recvCount[slot] === 1) latency[slot] = at - Number(String(m.payload.text).split('@')[1])
    }
  }
  startNeighbourFor(opts)
  await waitForQuietMachine(opts.waitIdle)
  const members = (pool.clients as Array<BenchClient | undefined>).filter((c): c is BenchClient => !!c && c.idx !== 0)
  const eld = monitorEventLoopDelay({ resolution: 10 })
  eld.enable()
  const stopProbes = startProbes(setup)
  const stopProfiles = await startProfiles(setup.servers, opts.profile, 'group')
  const cpuStart = sampleCpu(setup.servers)
  const lastAt = new Float64Array(K).fill(NaN)
  for (let k = 0; k < K; k++) {
    onlineAt[k] = Uint8Array.from({ length: N }, (_, i) => (i !== 0 && pool.clients[i]?.open ? 1 : 0))
    const ts = performance.now()
    sentAt[k] = ts
    pool.send(sender, { type: 'send', message: { clientMsgId: prefix + k, conversationID, type: 'TIMTextElem', payload: { text: `${k}@${ts.toFixed(3)}` } } })
    await sleep(opts.groupInterval)
  }
  const missing = () => {
    let m = 0
    for (let k = 0; k < K; k++) for (let i = 1; i < N; i++) if (onlineAt[k]![i] && recvCount[k * N + i] === 0) m++
    return m
  }
  await drain(() => missing() === 0, () => lastProgress, opts.drain)
  await sleep(300)
  const cpuEnd = sampleCpu(setup.servers)
  eld.disable()
  const probe = await stopProbes()
  await stopProfiles()
  pool.handler = () => undefined

  let lost = 0
  let dup = 0
  let delivered = 0
  const perMessage: string[] = []
  let fanoutSeconds = 0
  for (let k = 0; k < K; k++) {
    let last = 0
    for (let i = 1; i < N; i++) {
      const slot = k * N + i
      if (recvCount[slot]! > 0) {
        if (k >= W) delivered++
        last = Math.max(last, latency[slot]!)
      }
      if (recvCount[slot]! > 1) dup++
      if (!Number.isNaN(ackAt[k]!) && onlineAt[k]![i] && recvCount[slot] === 0) lost++
    }
    lastAt[k] = last
    if (k >= W) fanoutSeconds += last / 1000
    const [p50, p99] = percentiles(latency.subarray(k * N, (k + 1) * N), [0.5, 0.99])
    perMessage.push(`${k < W ? 'warm-up ' : ''}#${k < W ? k + 1 : k - W + 1} ack ${fmt(ackAt[k]! - sentAt[k]!)} p50 ${fmt(p50)} p99 ${fmt(p99)} last ${fmt(last)}`)
  }
  const measured = latency.subarray(W * N)
  const [p50, p95, p99, max] = percentiles(measured, [0.5, 0.95, 0.99, 1])
  const acks = Array.from(ackAt.subarray(W), (a, k) => a - sentAt[W + k]!)
  const [ackP50, ackP99] = percentiles(acks, [0.5, 0.99])
  const row: Row = {
    scenario: opts.relay === 'bare' ? `${scenario} (bare)` : scenario,
    db: kind,
    servers: 1,
    clients: setup.connected,
    offered: large ? `${K - W} x ${members.length} of ${groupMembers}` : `${K - W} x ${members.length}`,
    sent: K - W,
    acked: acks.filter((a) => !Number.isNaN(a)).length,
    deliveredPerS: fanoutSeconds > 0 ? delivered / fanoutSeconds : null,
    p50,
    p95,
    p99,
    max,
    ackP50,
    ackP99,
    lost,
    dup,
    unacked: acks.filter((a) => Number.isNaN(a)).length - nacks,
    nacked: nacks,
    rssPerConnKb: setup.rssPerConnKb,
    cpu: cpuBetween(cpuStart, cpuEnd),
    eventLoopP99: eld.percentile(99) / 1e6,
    pingP99: probe.pingP99,
    pgBenchPct: probe.pgBenchPct,
    notes: [
      ...setup.notes,
      `${delivered} deliveries to ${members.length} members; per message (ms): ${perMessage.join('; ')}`,
      `generator event-loop delay p99 ${(eld.percentile(99) / 1e6).toFixed(1)} ms; sender got its own message back ${selfEcho} times`,
      probeNote(probe),
    ],
  }
  row.notes.push(...neighbourNote(row.cpu!))
  log(`${scenario}: p50 ${fmt(p50)} p95 ${fmt(p95)} p99 ${fmt(p99)} max ${fmt(max)} ms, lost ${lost}, dup ${dup}`)
  finishNotes(setup, [row])
  return [row]
}

// ---------------------------------------------------------------- login

/** Users the login scenario logs in as, round-robin (the rows of the seed; no sockets). */
const LOGIN_USERS = 200

/**
 * Password logins alone, closed loop: --login-concurrency in flight for --seconds, enough to keep
 * the server's hashing busy. Logins per second per core is the successful logins per second over
 * the server process's CPU (its hashing threads included) in cores.
 */
async function runLogin(opts: Options, kind: DbKind): Promise<Row> {
  log(`== login on ${kind}: ${opts.loginConcurrency} logins at a time for ${opts.seconds} s`)
  const storage = await freshStorage(opts, kind)
  cleanups.push(() => storage.dispose())
  const seeded = await seed(storage, LOGIN_USERS, false)
  const servers = await startServers(storage, 1, null, opts.hashEnv, false, opts.compiled)
  cleanups.push(async () => void (await Promise.all(servers.map((s) => s.run.stop()))))
  log(`server pid ${servers[0]!.pid} on ${servers[0]!.run.url}${Object.keys(opts.hashEnv).length ? ` with ${JSON.stringify(opts.hashEnv)}` : ''}`)
  startNeighbourFor(opts)
  const task = { url: servers[0]!.run.url, pwd: seeded.password, wtIds: seeded.users.map((u) => u.wtId) }
  if (opts.warmup > 0) {
    log(`warm-up: ${opts.warmup} s (not counted)`)
    const warm = startLogins({ ...task, concurrency: opts.loginConcurrency })
    await sleep(opts.warmup * 1000)
    await warm.stop()
  }
  await waitForQuietMachine(opts.waitIdle)
  const cpuStart = sampleCpu(servers)
  const load = startLogins({ ...task, concurrency: opts.loginConcurrency })
  await sleep(opts.seconds * 1000)
  const cpuEnd = sampleCpu(servers)
  const r = await load.stop()
  const cpu = cpuBetween(cpuStart, cpuEnd)
  const perS = r.succeeded / r.window
  const cores = cpu.serverPct[0]! / 100
  const row: Row = {
    scenario: 'login',
    db: kind,
    servers: 1,
    clients: 0,
    offered: `${opts.loginConcurrency} at a time`,
    sent: r.attempted,
    acked: r.succeeded,
    deliveredPerS: perS,
    p50: r.p50,
    p95: null,
    p99: r.p99,
    max: null,
    ackP50: r.okP50,
    ackP99: r.okP99,
    lost: 0,
    dup: 0,
    unacked: r.unanswered,
    nacked: r.refused,
    rssPerConnKb: null,
    cpu,
    eventLoopP99: null,
    pingP99: null,
    pgBenchPct: null,
    notes: [
      loginNote(r, `${opts.loginConcurrency} at a time`),
      `${perS.toFixed(2)} logins/s with the server using ${cores.toFixed(2)} cores: ${(perS / Math.max(cores, 1e-9)).toFixed(2)} logins/s per core ` +
        `(server CPU ${cpu.serverS[0]!.toFixed(1)} s over ${cpu.wallS.toFixed(1)} s; machine ${cpu.machineBusyPct}% of a core busy; load average ${loadAverage()})`,
      ...neighbourNote(cpu),
    ],
  }
  log(`login: ${perS.toFixed(2)}/s, ${(perS / Math.max(cores, 1e-9)).toFixed(2)} per core, p50 ${fmt(r.p50)} p99 ${fmt(r.p99)} ms, refused ${r.refused}`)
  const problems = serverProblems(servers)
  if (problems.length) row.notes.push(`${problems.length} server log lines at warn or above, first: ${problems[0]!.slice(0, 300)}`)
  return row
}

// ---------------------------------------------------------------- main

/** The commit the server code comes from, with '+changes' when the work tree differs. */
function gitRevision(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'server', 'types'], { cwd: ROOT }).toString().trim()
    return dirty ? `${head}+changes` : head
  } catch {
    return 'unknown revision'
  }
}

async function main() {
  const opts = parseOptions(process.argv.slice(2))
  fsyncProbeDir = opts.fsyncProbe
  const m = machineInfo()
  console.log(`machine: ${m.cpus} CPUs (${m.model}), ${m.memMb} MB RAM, node ${m.node}, ulimit -n ${m.nofile}; server at ${gitRevision()}`)
  if (opts.pgOptions) console.log(`PostgreSQL options for the server: ${opts.pgOptions}`)
  const needed = opts.clients + 200
  if (m.nofile !== 'unlimited' && Number(m.nofile) < needed) {
    console.log(`warning: ulimit -n is ${m.nofile}; ${opts.clients} sockets need at least ${needed} descriptors in this process and in the server`)
  }
  const rows: Row[] = []
  for (const scenario of opts.scenarios) {
    const mark = cleanups.length
    try {
      if (scenario === 'c2c') rows.push(...(await runC2C(opts, opts.db, 1)))
      else if (scenario === 'login') rows.push(await runLogin(opts, opts.db))
      else if (scenario === 'two-process') {
        if (opts.db !== 'postgres') {
          log('two-process needs --db=postgres (PGlite is one process); skipped')
          continue
        }
        rows.push(...(await runC2C(opts, 'postgres', 2)))
      } else rows.push(...(await runGroup(opts, opts.db, scenario === 'large-group')))
    } catch (err) {
      console.error(`${scenario} failed:`, err)
      process.exitCode = 1
    } finally {
      while (cleanups.length > mark) await cleanups.pop()!().catch((err) => console.error('cleanup failed:', err))
    }
  }
  console.log('')
  printTable(rows)
  if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ machine: m, options: opts, rows }, null, 2))
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping servers and dropping the bench database`)
    void runCleanups().finally(() => process.exit(130))
  })
}

main()
  .catch(async (err) => {
    console.error(err)
    process.exitCode = 1
  })
  .finally(async () => {
    await runCleanups()
    process.exit()
  })
