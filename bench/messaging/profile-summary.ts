/**
 * Where a server's CPU went: self time of a V8 CPU profile (`run.ts --profile=dir`) by
 * function and by package / source area.
 *
 *   npx tsx bench/messaging/profile-summary.ts dir/CPU.<...>.cpuprofile [top=25]
 */
import fs from 'node:fs'

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}
interface Profile {
  nodes: Node[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

const file = process.argv[2]
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]')
const top = Number(process.argv[3] ?? 25)
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((n) => [n.id, n]))

// Sample i lasted timeDeltas[i + 1] microseconds.
const selfUs = new Map<number, number>()
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)))
const total = [...selfUs.values()].reduce((a, b) => a + b, 0)

function area(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native / V8 builtins)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:').split('/').slice(0, 2).join('/')
  const own = /\/(server\/src|types)\/(.*)$/.exec(url)
  return own ? `${own[1]}/${own[2]}` : url
}

const byFn = new Map<string, number>()
const byArea = new Map<string, number>()
for (const [id, us] of selfUs) {
  const n = byId.get(id)!
  const { functionName, url, lineNumber } = n.callFrame
  const a = area(url, functionName)
  const key = `${functionName || '(anonymous)'}  ${a}${url ? `:${lineNumber + 1}` : ''}`
  byFn.set(key, (byFn.get(key) ?? 0) + us)
  byArea.set(a, (byArea.get(a) ?? 0) + us)
}

const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`
const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`
const idle = byArea.get('(idle)') ?? 0
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(idle / 1e6).toFixed(1)} s idle`)
console.log('\nby area (self time):')
for (const [k, v] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(v)} ${ms(v)}  ${k}`)
console.log('\nby function (self time):')
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(v)} ${ms(v)}  ${k}`)
