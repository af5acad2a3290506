/**
 * Call benchmark: the real server (as `npm start` runs it) serving the built H5 app, and
 * Chromium with fake camera and microphone, one browser context per person, calls placed and
 * answered through the call screens.
 *
 *   npm run bench:calls -- --scenario=c2c|group4|cpu2|cpu4|cpu9|all [--path=mesh|janus|both] [--runs=N] [--seconds=30]
 *
 * See bench/calls/README.md for what each figure means.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs'
import { ensureH5Build } from '../../scripts/ensure-h5-build.mjs'
import { freePort, startServer, type RunningServer } from '../../scripts/server-process.mjs'
import {
  befriend,
  byTestId,
  createGroup,
  groupCallAttribute,
  hangUpAll,
  openChat,
  openGroup,
  press,
  register,
  signIn,
  startGroupVideoCall,
  waitClosed,
  waitLayout,
  waitUntil,
  type Person,
} from './people.js'
import { parseFlags } from '../lib/flags.js'
import { readProbe, resetProbe, videoStats, type ProbeRecord, type VideoStats } from './probe.js'
import { childrenNamed, chromiumKind, cpuModel, machineJiffies, sampleTree, treeDelta } from './procTree.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

// ---------------------------------------------------------------- options

type Scenario = 'c2c' | 'group4' | 'cpu2' | 'cpu4' | 'cpu9'
const SCENARIOS: Scenario[] = ['c2c', 'group4', 'cpu2', 'cpu4', 'cpu9']
/** mesh: group calls between the browsers; janus: group calls through a Janus the bench starts. */
type MediaRoute = 'mesh' | 'janus'

function parseOptions(argv: string[]) {
  const raw = parseFlags(argv)
  const known = ['scenario', 'path', 'runs', 'seconds', 'warmup', 'ring', 'frame-timeout', 'fps', 'db', 'pg-url', 'json']
  for (const k of raw.keys()) if (!known.includes(k)) throw new Error(`unknown option --${k} (known: ${known.map((o) => `--${o}`).join(' ')})`)
  const num = (name: string, fallback: number) => {
    const v = raw.has(name) ? Number(raw.get(name)) : fallback
    if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a non-negative number`)
    return v
  }
  const scenarioArg = raw.get('scenario') ?? 'all'
  const scenarios = (scenarioArg === 'all' ? SCENARIOS : scenarioArg.split(',')) as Scenario[]
  for (const s of scenarios) if (!SCENARIOS.includes(s)) throw new Error(`--scenario: unknown ${s} (${SCENARIOS.join(', ')} or all)`)
  const pathArg = raw.get('path') ?? 'mesh'
  if (!['mesh', 'janus', 'both'].includes(pathArg)) throw new Error('--path: mesh, janus or both')
  const routes: MediaRoute[] = pathArg === 'both' ? ['mesh', 'janus'] : [pathArg as MediaRoute]
  const runs = raw.has('runs') ? Math.max(1, Math.floor(num('runs', 1))) : null
  return {
    scenarios,
    routes,
    c2cRuns: runs ?? 10,
    groupRuns: runs ?? 5,
    /** cpu4: seconds of CPU sampling, after the warm-up. */
    seconds: num('seconds', 30),
    warmup: num('warmup', 10),
    /** Milliseconds the invitation rings before the accept press, as a person takes a moment. */
    ring: num('ring', 1000),
    /** How long to wait for the first remote frames after an accept before counting them missing. */
    frameTimeout: num('frame-timeout', 30) * 1000,
    /**
     * Frame rate of every fake camera (0: Chromium's default, 20): the same for every call of
     * the run, so a 9-person call can be compared with a 1:1 call on a machine the nine would
     * otherwise saturate.
     */
    fps: Math.floor(num('fps', 0)),
    /**
     * The server's database: the embedded PGlite (the default, as `npm start`), or a fresh database
     * on the PostgreSQL server of `--pg-url` (the scale configuration: queries off the server's event loop).
     */
    db: dbOf(raw.get('db') ?? 'pglite'),
    pgUrl: raw.get('pg-url') ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    json: raw.get('json') ?? null,
  }
}
type Options = ReturnType<typeof parseOptions>

function dbOf(v: string): 'pglite' | 'postgres' {
  if (v !== 'pglite' && v !== 'postgres') throw new Error('--db: pglite or postgres')
  return v
}

/** A fresh database on the PostgreSQL server, dropped at the end. */
async function freshPostgres(pgUrl: string): Promise<string> {
  const name = `bench_calls_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: pgUrl })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.end()
  })
  const url = new URL(pgUrl)
  url.pathname = `/${name}`
  return url.toString()
}

// ---------------------------------------------------------------- helpers

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const log = (...parts: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts)
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')

/** Nearest-rank percentile of sorted values. */
const rank = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!

interface Summary {
  what: string
  n: number
  missing: number
  min: number | null
  median: number | null
  p95: number | null
  max: number | null
}

function summarise(what: string, values: Array<number | null>): Summary {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b)
  const missing = values.length - v.length
  if (!v.length) return { what, n: 0, missing, min: null, median: null, p95: null, max: null }
  return { what, n: v.length, missing, min: v[0]!, median: rank(v, 0.5), p95: rank(v, 0.95), max: v[v.length - 1]! }
}

const ms = (v: number | null) => (v === null ? '-' : String(Math.round(v)))

function printTable(header: string[], rows: string[][], leftColumns = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (r: string[]) => '| ' + r.map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |'
  console.log(line(header))
  console.log('|' + widths.map((w, i) => (i < leftColumns ? ':' + '-'.repeat(w + 1) : '-'.repeat(w + 1) + ':')).join('|') + '|')
  for (const r of rows) console.log(line(r))
}

function printSummaries(rows: Summary[]) {
  printTable(
    ['accept → first remote video frame, ms', 'n', 'min', 'median', 'p95', 'max', 'missing'],
    rows.map((r) => [r.what, String(r.n), ms(r.min), ms(r.median), ms(r.p95), ms(r.max), String(r.missing)]),
  )
}

const cleanups: Array<() => Promise<void>> = []
/** Figures of a scenario that failed part-way, printed with the rest. */
const partial: Summary[] = []
async function runCleanups() {
  while (cleanups.length) await cleanups.pop()!().catch((err) => console.error('cleanup failed:', err))
}

// ---------------------------------------------------------------- server and browser

interface Bench {
  opts: Options
  server: RunningServer
  base: string
  route: MediaRoute
  /** Janus's process, sampled with the browsers and the server (janus route). */
  janusPid: number | null
}

/** Debian's Janus on a free loopback port with a fresh secret (scripts/janus.sh), stopped at the end. */
async function startJanus(): Promise<{ pid: number; url: string; secret: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-janus-'))
  const port = await freePort()
  const secret = randomBytes(24).toString('hex')
  const pid = Number(execFileSync(path.join(ROOT, 'scripts/janus.sh'), [dir, String(port), secret]).toString().trim())
  cleanups.push(async () => {
    try {
      process.kill(pid)
    } catch {
      // Already gone.
    }
    // JANUS_DEBUG_LEVEL=5 (scripts/janus.sh) logs each key-frame request Janus sends; BENCH_JANUS_LOG keeps that log.
    if (process.env.BENCH_JANUS_LOG) fs.copyFileSync(path.join(dir, 'janus.log'), process.env.BENCH_JANUS_LOG)
    fs.rmSync(dir, { recursive: true, force: true })
  })
  return { pid, url: `ws://127.0.0.1:${port}`, secret }
}

async function startBench(opts: Options, route: MediaRoute): Promise<Bench> {
  const build = await ensureH5Build({ quiet: true, log })
  log(build.built ? `built dist/h5 (${build.reason})` : build.reason)
  const janus = route === 'janus' ? await startJanus() : null
  if (janus) log(`janus pid ${janus.pid} on ${janus.url}`)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-calls-'))
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }))
  const server = await startServer({
    dataDir,
    env: {
      // The database of --db and the in-process bus, whatever the caller's shell exports.
      DATABASE_URL: opts.db === 'postgres' ? await freshPostgres(opts.pgUrl) : undefined,
      REDIS_URL: undefined,
      DEMO_DATA: '0',
      // Each scenario registers its own people (up to 9).
      RATE_REGISTER_PER_HOUR: '100000',
      // Every call of a run counts against the caller's daily allowance; keep it out of reach.
      CALL_DAILY_LIMIT_SECONDS: String(10 * 365 * 86_400),
      LOG_LEVEL: 'warn',
      JANUS_URL: janus?.url,
      JANUS_API_SECRET: janus?.secret,
      JANUS_ROOM_SECRET: undefined,
    },
  })
  cleanups.push(() => server.stop())
  log(`server pid ${server.pid} on ${server.url} (ready in ${Math.round(server.readyMs)} ms), data in ${dataDir}`)
  return { opts, server, base: server.url, route, janusPid: janus?.pid ?? null }
}

/** Chromium with the test flags, and the pid of its main process (the root of its process tree). */
let cameraFps = 0

async function launchBrowser(): Promise<{ browser: Browser; pid: number }> {
  const executablePath = CHROMIUM_PATH
  const before = new Set(childrenNamed(process.pid, 'chrom'))
  const args = cameraFps ? CHROMIUM_ARGS.map((a) => (a === '--use-fake-device-for-media-stream' ? `${a}=fps=${cameraFps}` : a)) : CHROMIUM_ARGS
  const browser = await chromium.launch({ executablePath, args })
  cleanups.push(() => browser.close())
  const started = childrenNamed(process.pid, 'chrom').filter((p) => !before.has(p))
  if (started.length !== 1) throw new Error(`expected one new Chromium process under this one, found ${started.length}`)
  return { browser, pid: started[0]! }
}

/** Uncaught errors and console warnings of the people's pages, printed (counted once per text) at the end of a scenario. */
function watchErrors(people: Person[]): Map<string, number> {
  const seen = new Map<string, number>()
  const note = (text: string) => seen.set(text, (seen.get(text) ?? 0) + 1)
  for (const p of people) {
    p.page.on('pageerror', (err) => note(`uncaught: ${err.message}`))
    p.page.on('console', (msg) => {
      // A failed request is reported below with its address.
      if ((msg.type() === 'warning' || msg.type() === 'error') && !msg.text().startsWith('Failed to load resource')) note(`console ${msg.type()}: ${msg.text().split('\n')[0]!.slice(0, 300)}`)
    })
    p.page.on('response', (res) => {
      if (res.status() >= 400) note(`HTTP ${res.status()}: ${res.request().method()} ${new URL(res.url()).pathname}`)
    })
  }
  return seen
}

function printErrors(seen: Map<string, number>) {
  for (const [text, count] of seen) log(`page ${text}${count > 1 ? ` (${count} times)` : ''}`)
}

/** Waits until every page has shown a frame of each of the users it expects; missing ones stay absent. */
async function waitFrames(expect: Array<{ person: Person; from: string[] }>, timeoutMs: number): Promise<ProbeRecord[]> {
  const deadline = Date.now() + timeoutMs
  let records: ProbeRecord[] = []
  while (true) {
    records = await Promise.all(expect.map((e) => readProbe(e.person.page)))
    if (expect.every((e, i) => e.from.every((u) => u in records[i]!.firstFrame))) return records
    if (Date.now() > deadline) {
      const missing = expect.flatMap((e, i) => e.from.filter((u) => !(u in records[i]!.firstFrame)).map((u) => `${e.person.account.wtId}←${u}`))
      log(`no frame within ${timeoutMs / 1000} s: ${missing.join(', ')}`)
      return records
    }
    await sleep(50)
  }
}

// ---------------------------------------------------------------- c2c

async function runC2C(bench: Bench): Promise<Summary[]> {
  const { opts, base } = bench
  const [alice, bob] = await register(base, '主叫', 2)
  await befriend(base, alice!, bob!)
  const { browser } = await launchBrowser()
  const a = await signIn(browser, base, alice!)
  const b = await signIn(browser, base, bob!)
  const errors = watchErrors([a, b])
  cleanups.push(async () => printErrors(errors))
  log(`c2c: ${alice!.wtId} calls ${bob!.wtId}, ${opts.c2cRuns} runs`)

  const atCallee: Array<number | null> = []
  const atCaller: Array<number | null> = []
  const linkUp: Array<number | null> = []
  for (let run = 1; run <= opts.c2cRuns; run++) {
    await Promise.all([resetProbe(a.page), resetProbe(b.page)])
    const t0 = Date.now()
    await openChat(a, bob!)
    await byTestId(a.page, 'tool-videoCall').first().click()
    await waitLayout(b, 'be-invited')
    const ringing = Date.now() - t0
    await sleep(opts.ring)
    await press(b, 'accept')
    const [ra, rb] = await waitFrames(
      [
        { person: a, from: [bob!.wtId] },
        { person: b, from: [alice!.wtId] },
      ],
      opts.frameTimeout,
    )
    const accept = rb!.accepts[0]
    if (accept === undefined) throw new Error('the accept press was not recorded')
    const since = (t: number | undefined) => (t === undefined ? null : t - accept)
    atCallee.push(since(rb!.firstFrame[alice!.wtId]))
    atCaller.push(since(ra!.firstFrame[bob!.wtId]))
    linkUp.push(since(rb!.connected[0]))
    log(`run ${run}: callee's first frame +${ms(atCallee.at(-1)!)} ms, caller's +${ms(atCaller.at(-1)!)} ms (link connected +${ms(linkUp.at(-1)!)} ms); B rang ${ringing} ms after A's press`)
    const t1 = Date.now()
    // Only A presses: B's screen must close on A's hang-up record (pressing B's button as well
    // could race with that close and wait out the click timeout).
    await press(a, 'hangup')
    await waitClosed([a, b])
    log(`run ${run}: both call screens closed ${Date.now() - t1} ms after the hang-up press`)
    await sleep(500)
  }
  await browser.close()
  return [
    summarise("1:1, callee (B): A's video", atCallee),
    summarise("1:1, caller (A): B's video", atCaller),
    summarise('1:1, callee: its peer connection connected', linkUp),
  ]
}

// ---------------------------------------------------------------- group

interface GroupCall {
  owner: Person
  members: Person[]
  groupID: string
  browser: Browser
  browserPid: number
  errors: Map<string, number>
}

async function setUpGroup(bench: Bench, label: string, size = 4): Promise<GroupCall> {
  const { base } = bench
  const accounts = await register(base, label, size)
  const [ownerAccount, ...memberAccounts] = accounts
  const groupID = await createGroup(base, ownerAccount!, memberAccounts, `${label}通话`)
  const { browser, pid: browserPid } = await launchBrowser()
  const people: Person[] = []
  for (const acc of accounts) people.push(await signIn(browser, base, acc))
  const [owner, ...members] = people
  for (const p of people) await openGroup(p, groupID)
  return { owner: owner!, members, groupID, browser, browserPid, errors: watchErrors(people) }
}

/**
 * One group video call: the owner calls the three others from the group's call entry, they
 * press accept together; returns each page's probe once every page shows the three others.
 */
async function placeGroupCall(bench: Bench, g: GroupCall): Promise<{ owner: ProbeRecord; members: ProbeRecord[] }> {
  const everyone = [g.owner, ...g.members]
  await Promise.all(everyone.map((p) => resetProbe(p.page)))
  await startGroupVideoCall(g.owner, g.groupID, g.members.map((m) => m.account))
  for (const m of g.members) await waitLayout(m, 'be-invited')
  await sleep(bench.opts.ring)
  await Promise.all(g.members.map((m) => press(m, 'accept')))
  const ids = everyone.map((p) => p.account.wtId)
  const records = await waitFrames(
    everyone.map((p) => ({ person: p, from: ids.filter((id) => id !== p.account.wtId) })),
    bench.opts.frameTimeout,
  )
  return { owner: records[0]!, members: records.slice(1) }
}

async function endGroupCall(bench: Bench, g: GroupCall): Promise<void> {
  const everyone = [...g.members, g.owner]
  const since = Date.now()
  await hangUpAll(everyone)
  let attribute = ''
  try {
    // A call someone left without a hang up stays live until its last keep-alive is 60 s old.
    await waitUntil('the server to end the group call', async () => (attribute = await groupCallAttribute(bench.base, g.owner.account, g.groupID)) === '', 90_000, 250)
  } catch (err) {
    const sent = everyone.map((p) => {
      const after = (times: number[]) => times.filter((t) => t >= since)
      const alive = after(p.sent.keepAlives)
      return `${p.account.wtId}: ${after(p.sent.hangups).length} hang-up frames, ${alive.length} keep-alives${alive.length ? ` (last ${Math.round((Date.now() - alive.at(-1)!) / 1000)} s ago)` : ''}`
    })
    throw new Error(`${(err as Error).message}; the group attribute: ${attribute}; sent since the hang-ups: ${sent.join('; ')}`)
  }
}

/**
 * Where the time of a group call's first frames goes: every step a page saw (its accept sent and
 * acknowledged, SFU requests and events, peer connections created and connected, first frames),
 * in ms after that page's accept press. A step seen several times in a page (an offer per feed)
 * counts its first and its last time; the table gives the median and p95 over pages and runs.
 */
class StepTimes {
  private readonly first = new Map<string, number[]>()
  private readonly last = new Map<string, number[]>()

  add(record: ProbeRecord, accept: number, others: string[]): void {
    const seen = new Map<string, { first: number; last: number }>()
    const note = (what: string, t: number) => {
      const s = seen.get(what)
      if (!s) seen.set(what, { first: t, last: t })
      else seen.set(what, { first: Math.min(s.first, t), last: Math.max(s.last, t) })
    }
    for (const { t, what } of record.steps) {
      // One name per kind of step: the feed and the connection's number go.
      let name = what
      for (const id of others) name = name.replace(` ${id}`, ' (feed)')
      name = name.replace(/^pc1 /, 'pc 1 ').replace(/^pc\d+ /, 'pc 2+ ')
      note(name, t - accept)
    }
    for (const id of others) if (id in record.firstFrame) note('first frame shown', record.firstFrame[id]! - accept)
    // Per person, how long their first frame took after its packets came and after its tile was drawn (durations, not times).
    const at = (what: string) => record.steps.find((x) => x.what === what)?.t
    for (const id of others) {
      const shown = record.firstFrame[id]
      const packets = at(`video ${id} packets`)
      const drawn = at(`video ${id} drawn`)
      if (shown !== undefined && packets !== undefined) note('(frame shown − its first packets)', shown - packets)
      if (shown !== undefined && drawn !== undefined) note('(frame shown − its tile drawn)', shown - drawn)
    }
    for (const [what, s] of seen) {
      this.first.set(what, [...(this.first.get(what) ?? []), s.first])
      this.last.set(what, [...(this.last.get(what) ?? []), s.last])
    }
  }

  print(title: string): void {
    const rows = [...this.first.keys()]
      .map((what) => {
        const f = [...this.first.get(what)!].sort((a, b) => a - b)
        const l = [...this.last.get(what)!].sort((a, b) => a - b)
        return { what, n: f.length, f50: rank(f, 0.5), f95: rank(f, 0.95), l50: rank(l, 0.5), l95: rank(l, 0.95) }
      })
      .sort((a, b) => a.f50 - b.f50)
    console.log(`\n${title}`)
    printTable(
      ['step (ms after the own accept press)', 'n', 'first: median', 'first: p95', 'last: median', 'last: p95'],
      rows.map((r) => [r.what, String(r.n), ms(r.f50), ms(r.f95), ms(r.l50), ms(r.l95)]),
    )
  }
}

async function runGroup4(bench: Bench): Promise<Summary[]> {
  const { opts } = bench
  const g = await setUpGroup(bench, '群')
  cleanups.push(async () => printErrors(g.errors))
  log(`group4: owner ${g.owner.account.wtId} calls ${g.members.map((m) => m.account.wtId).join(', ')}, ${opts.groupRuns} runs`)
  const eachPeer: Array<number | null> = []
  const firstPeer: Array<number | null> = []
  const allPeers: Array<number | null> = []
  const atOwner: Array<number | null> = []
  const spread: number[] = []
  const steps = new StepTimes()
  const ids = [g.owner, ...g.members].map((p) => p.account.wtId)
  const summaries = () => [
    summarise('group of 4, accepting member: each other participant', eachPeer),
    summarise('group of 4, accepting member: the first of the 3', firstPeer),
    summarise('group of 4, accepting member: all 3 others', allPeers),
    summarise("group of 4, owner: a member's video, from that member's accept", atOwner),
  ]
  cleanups.push(async () => {
    if (spread.length < opts.groupRuns) partial.push(...summaries().map((x) => ({ ...x, what: `${x.what} (${spread.length} runs, stopped early)` })))
  })
  for (let run = 1; run <= opts.groupRuns; run++) {
    const r = await placeGroupCall(bench, g)
    const accepts = new Map<string, number>()
    g.members.forEach((m, i) => {
      const t = r.members[i]!.accepts[0]
      if (t === undefined) throw new Error(`${m.account.wtId}: the accept press was not recorded`)
      accepts.set(m.account.wtId, t)
    })
    const acceptTimes = [...accepts.values()]
    spread.push(Math.max(...acceptTimes) - Math.min(...acceptTimes))
    const parts: string[] = []
    g.members.forEach((m, i) => {
      const me = m.account.wtId
      const accept = accepts.get(me)!
      const times = ids.filter((id) => id !== me).map((id) => r.members[i]!.firstFrame[id])
      const got = times.filter((t): t is number => t !== undefined).map((t) => t - accept)
      for (const t of times) eachPeer.push(t === undefined ? null : t - accept)
      firstPeer.push(got.length ? Math.min(...got) : null)
      allPeers.push(got.length === times.length ? Math.max(...got) : null)
      const links = r.members[i]!.connected.map((t) => `+${Math.round(t - accept)}`).join('/')
      steps.add(r.members[i]!, accept, ids.filter((id) => id !== me))
      parts.push(`${me}: ${times.map((t) => (t === undefined ? '-' : `+${Math.round(t - accept)}`)).join('/')} (links connected ${links || '-'})`)
    })
    for (const [id, accept] of accepts) {
      const t = r.owner.firstFrame[id]
      atOwner.push(t === undefined ? null : t - accept)
    }
    log(`run ${run}: accepts within ${Math.round(spread.at(-1)!)} ms; first frame of each other participant, ms after own accept: ${parts.join('; ')}`)
    await endGroupCall(bench, g)
    await sleep(500)
  }
  await g.browser.close()
  steps.print(`group of 4 [${bench.route}], accepting members: where the time goes (${spread.length} runs × 3 members)`)
  log(`accept presses of one run were spread over ${Math.round(Math.min(...spread))}-${Math.round(Math.max(...spread))} ms`)
  return summaries()
}

// ---------------------------------------------------------------- cpu2, cpu4, cpu9

interface CpuResult {
  route: MediaRoute
  people: number
  seconds: number
  byKind: Map<string, number>
  serverPct: number
  janusPct: number | null
  machineBusyPct: number
  loadBefore: string
  loadAfter: string
  processes: number
  treeChanged: string
  /** kbit/s sent by each page over the window (every RTP stream: audio, video, every layer). */
  upKbps: number[]
  incomplete: boolean
  video: Array<{ who: string; sent: string; received: string }>
}

/** Frame rate, size and bit rate of each stream between two getStats snapshots of one page. */
function describeVideo(a: VideoStats, b: VideoStats): { sent: string; received: string } {
  const dt = (b.at - a.at) / 1000
  const one = (x: { width: number; height: number; frames: number; bytes: number; codec: string }, y: typeof x | undefined, extra: string) =>
    y ? `${x.width}x${x.height} ${((x.frames - y.frames) / dt).toFixed(1)} fps ${Math.round(((x.bytes - y.bytes) * 8) / dt / 1000)} kbit/s ${x.codec.replace('video/', '')}${extra}` : 'new stream'
  return {
    sent: b.sent.map((s, i) => one(s, a.sent[i], s.limitation && s.limitation !== 'none' ? ` (limited: ${s.limitation})` : '')).join('; '),
    received: b.received.map((s, i) => one(s, a.received[i], s.dropped ? ` (${s.dropped} dropped in all)` : '')).join('; '),
  }
}

/** A running video call of `people` persons (2: one-to-one, peer-to-peer on every route). */
interface RunningCall {
  everyone: Person[]
  browserPid: number
  incomplete: boolean
  end(): Promise<void>
}

async function startVideoCall(bench: Bench, people: number): Promise<RunningCall> {
  if (people === 2) {
    const { base } = bench
    const [alice, bob] = await register(base, '耗', 2)
    await befriend(base, alice!, bob!)
    const { browser, pid } = await launchBrowser()
    const a = await signIn(browser, base, alice!)
    const b = await signIn(browser, base, bob!)
    const errors = watchErrors([a, b])
    cleanups.push(async () => printErrors(errors))
    await openChat(a, bob!)
    await byTestId(a.page, 'tool-videoCall').first().click()
    await waitLayout(b, 'be-invited')
    await sleep(bench.opts.ring)
    await press(b, 'accept')
    const [ra, rb] = await waitFrames([{ person: a, from: [bob!.wtId] }, { person: b, from: [alice!.wtId] }], bench.opts.frameTimeout)
    return {
      everyone: [a, b],
      browserPid: pid,
      incomplete: !(bob!.wtId in ra!.firstFrame) || !(alice!.wtId in rb!.firstFrame),
      end: async () => {
        await press(a, 'hangup')
        await waitClosed([a, b])
        await browser.close()
      },
    }
  }
  const g = await setUpGroup(bench, `测${people}`, people)
  cleanups.push(async () => printErrors(g.errors))
  const r = await placeGroupCall(bench, g)
  return {
    everyone: [g.owner, ...g.members],
    browserPid: g.browserPid,
    incomplete: [r.owner, ...r.members].some((rec) => Object.keys(rec.firstFrame).length < people - 1),
    end: async () => {
      await endGroupCall(bench, g)
      await g.browser.close()
    },
  }
}

async function runCpu(bench: Bench, people: number): Promise<CpuResult> {
  const { opts, server } = bench
  log(`cpu${people}: a ${people}-person video call (${people === 2 ? 'one-to-one' : bench.route}), ${opts.warmup} s warm-up, then ${opts.seconds} s of CPU sampling`)
  const call = await startVideoCall(bench, people)
  if (call.incomplete) log('warning: not every page showed every other participant; the figure is for a partial call')
  await sleep(opts.warmup * 1000)

  const { everyone, browserPid } = call
  const loadBefore = loadavg()
  const statsBefore = await Promise.all(everyone.map((p) => videoStats(p.page)))
  const m0 = machineJiffies()
  const b0 = sampleTree(browserPid)
  const s0 = sampleTree(server.pid)
  const j0 = bench.janusPid ? sampleTree(bench.janusPid) : null
  await sleep(opts.seconds * 1000)
  const b1 = sampleTree(browserPid)
  const s1 = sampleTree(server.pid)
  const j1 = bench.janusPid ? sampleTree(bench.janusPid) : null
  const m1 = machineJiffies()
  const statsAfter = await Promise.all(everyone.map((p) => videoStats(p.page)))
  const loadAfter = loadavg()

  const browserUse = treeDelta(b0, b1)
  const serverUse = treeDelta(s0, s1)
  const pct = (cpuSeconds: number) => (cpuSeconds / browserUse.seconds) * 100
  const sum = (byPid: Map<number, number>) => [...byPid.values()].reduce((x, y) => x + y, 0)
  const byKind = new Map<string, number>()
  for (const [pid, cpu] of browserUse.byPid) {
    const kind = chromiumKind(pid)
    byKind.set(kind, (byKind.get(kind) ?? 0) + pct(cpu))
  }
  const video = everyone.map((p, i) => ({ who: i === 0 ? `${p.account.wtId} (caller)` : p.account.wtId, ...describeVideo(statsBefore[i]!, statsAfter[i]!) }))
  const upKbps = everyone.map((_, i) => ((statsAfter[i]!.upBytes - statsBefore[i]!.upBytes) * 8) / ((statsAfter[i]!.at - statsBefore[i]!.at) / 1000) / 1000)
  await call.end()
  return {
    route: people === 2 ? 'mesh' : bench.route,
    people,
    seconds: browserUse.seconds,
    byKind,
    serverPct: pct(sum(serverUse.byPid)),
    janusPct: j0 && j1 ? pct(sum(treeDelta(j0, j1).byPid)) : null,
    machineBusyPct: ((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * 100 * os.cpus().length,
    loadBefore,
    loadAfter,
    processes: browserUse.byPid.size,
    treeChanged: browserUse.started.length || browserUse.ended.length ? `${browserUse.started.length} browser processes started and ${browserUse.ended.length} ended during the window` : '',
    upKbps,
    incomplete: call.incomplete,
    video,
  }
}

const callName = (c: CpuResult) => (c.people === 2 ? '1:1 video call (peer-to-peer)' : `${c.people}-person video call, ${c.route === 'janus' ? 'through Janus' : 'mesh'}`)

function printCpu(c: CpuResult) {
  const group = (kind: string) => (kind === 'browser' ? 'browser' : kind === 'renderer' ? 'renderer' : kind === 'gpu' || kind.startsWith('utility:') ? 'GPU/utility' : 'other')
  const totals = new Map<string, number>()
  for (const [kind, p] of c.byKind) totals.set(group(kind), (totals.get(group(kind)) ?? 0) + p)
  const browserTotal = [...c.byKind.values()].reduce((x, y) => x + y, 0)
  const all = browserTotal + c.serverPct + (c.janusPct ?? 0)
  const rows: string[][] = []
  const details: string[] = []
  for (const name of ['browser', 'renderer', 'GPU/utility', 'other']) {
    if (!totals.has(name)) continue
    rows.push([name, totals.get(name)!.toFixed(1)])
    const parts = [...c.byKind].filter(([k]) => group(k) === name && k !== name).map(([k, p]) => `${k} ${p.toFixed(1)}`)
    if (parts.length) details.push(`  ${name}: ${parts.join(', ')}`)
  }
  rows.push([`Chromium, all ${c.processes} processes`, browserTotal.toFixed(1)])
  rows.push(['server (tsx + node)', c.serverPct.toFixed(1)])
  if (c.janusPct !== null) rows.push(['Janus', c.janusPct.toFixed(1)])
  rows.push(['total', all.toFixed(1)])
  rows.push([`per call participant (total / ${c.people})`, (all / c.people).toFixed(1)])
  rows.push(['machine busy (all programs)', c.machineBusyPct.toFixed(1)])
  rows.push(['other programs (machine busy − total)', Math.max(0, c.machineBusyPct - all).toFixed(1)])
  console.log(`\n${callName(c)}, CPU over ${c.seconds.toFixed(1)} s (% of one core; ${os.cpus().length} cores = ${os.cpus().length * 100} %); load average ${c.loadBefore} before, ${c.loadAfter} after${c.incomplete ? '; NOT every page showed every other participant' : ''}:`)
  printTable(['process kind', 'CPU %'], rows)
  for (const d of details) console.log(d)
  if (c.treeChanged) console.log(`  note: ${c.treeChanged}`)
  const up = [...c.upKbps].sort((a, b) => a - b)
  console.log(`upload per participant, kbit/s: mean ${Math.round(up.reduce((x, y) => x + y, 0) / up.length)}, min ${Math.round(up[0]!)}, max ${Math.round(up.at(-1)!)}`)
  console.log('Video during the window (getStats, per page: each stream sent and received):')
  for (const v of c.video) {
    console.log(`  ${v.who} sent:     ${v.sent || 'nothing'}`)
    console.log(`  ${v.who} received: ${v.received || 'nothing'}`)
  }
}

/** One line per call size: what a participant costs, to compare the routes and sizes. */
function printCpuSummary(all: CpuResult[]) {
  console.log('')
  printTable(
    ['call', 'CPU % per participant', 'upload kbit/s per participant', 'machine busy %', 'load average before / after'],
    all.map((c) => {
      const total = [...c.byKind.values()].reduce((x, y) => x + y, 0) + c.serverPct + (c.janusPct ?? 0)
      return [callName(c) + (c.incomplete ? ' (partial)' : ''), (total / c.people).toFixed(1), String(Math.round(c.upKbps.reduce((x, y) => x + y, 0) / c.upKbps.length)), c.machineBusyPct.toFixed(0), `${c.loadBefore} / ${c.loadAfter}`]
    }),
  )
}

// ---------------------------------------------------------------- main

function gitRevision(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'server', 'src', 'types'], { cwd: ROOT }).toString().trim()
    return dirty ? `${head}+changes` : head
  } catch {
    return 'unknown revision'
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
  } catch {
    return 'unknown Chromium'
  }
}

async function main() {
  const args = process.argv.slice(2)
  const opts = parseOptions(args)
  cameraFps = opts.fps
  console.log(`command: npm run bench:calls -- ${args.join(' ')}`.trimEnd())
  console.log(`machine: ${os.cpus().length} CPUs (${cpuModel()}), ${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM, node ${process.version}, ${chromiumVersion()}; app at ${gitRevision()}`)
  console.log(`load average before the run: ${loadavg()}; fake cameras at ${opts.fps || "Chromium's default"} fps`)
  const summaries: Summary[] = []
  const cpus: CpuResult[] = []
  const problems: string[] = []
  for (const route of opts.routes) {
    const benchMark = cleanups.length
    const bench = await startBench(opts, route)
    const label = (rows: Summary[]) => (opts.routes.length > 1 ? rows.map((r) => ({ ...r, what: `${r.what} [${route}]` })) : rows)
    for (const scenario of opts.scenarios) {
      // A one-to-one call is peer-to-peer on every route: its CPU is measured once.
      if (scenario === 'cpu2' && route !== opts.routes[0]) continue
      log(`${route} ${scenario}: load average ${loadavg()}`)
      const mark = cleanups.length
      try {
        if (scenario === 'c2c') summaries.push(...label(await runC2C(bench)))
        else if (scenario === 'group4') summaries.push(...label(await runGroup4(bench)))
        else cpus.push(await runCpu(bench, Number(scenario.slice(3))))
      } catch (err) {
        console.error(`${route} ${scenario} failed:`, err)
        process.exitCode = 1
      } finally {
        while (cleanups.length > mark) await cleanups.pop()!().catch((err) => console.error('cleanup failed:', err))
      }
      summaries.push(...label(partial.splice(0)))
    }
    problems.push(
      ...bench.server
        .output()
        .split('\n')
        .filter((l) => /"level":(40|50|60)/.test(l)),
    )
    while (cleanups.length > benchMark) await cleanups.pop()!().catch((err) => console.error('cleanup failed:', err))
  }
  console.log('')
  if (summaries.length) printSummaries(summaries)
  for (const c of cpus) printCpu(c)
  if (cpus.length) printCpuSummary(cpus)
  console.log(`\nload average after the run: ${loadavg()}`)
  if (problems.length) console.log(`server warnings and errors (${problems.length}):\n${problems.slice(-20).join('\n')}`)
  if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ options: opts, summaries, cpu: cpus.map((c) => ({ ...c, byKind: Object.fromEntries(c.byKind) })) }, null, 2))
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: closing the browser and stopping the server`)
    void runCleanups().finally(() => process.exit(130))
  })
}

main()
  .catch((err) => {
    console.error(err)
    process.exitCode = 1
  })
  .finally(async () => {
    await runCleanups()
    process.exit()
  })
