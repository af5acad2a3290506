/**
 * Server cold start: time from spawning `tsx server/src/main.ts` until /api/site/info
 * answers, on an empty DATA_DIR (database created, migrations and demo data run) and then
 * on the data directory the previous run left behind (reopen only).
 *
 *   node bench/cold-start.mjs [runs=5]
 *
 * Includes tsx's TypeScript loading, as `npm start` does. Uses the embedded database
 * (DATABASE_URL and REDIS_URL are removed from the environment).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startServer } from '../scripts/server-process.mjs'

const runs = Math.max(1, Number(process.argv[2] ?? 5))
const env = { DEMO_DATA: '1', DATABASE_URL: undefined, REDIS_URL: undefined, WEB_ROOT: '' }

async function timeStart(dataDir) {
  const server = await startServer({ dataDir, env })
  const ms = server.readyMs
  await server.stop()
  return ms
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2
  return { min: sorted[0], median, max: sorted[sorted.length - 1] }
}

// Other work on the machine skews start-up times badly on 2 cores; the load is printed with the figures.
const loadBefore = os.loadavg()[0]
const empty = []
const existing = []
const dirs = []
try {
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'weitalk-cold-'))
    dirs.push(dataDir)
    empty.push(await timeStart(dataDir))
    existing.push(await timeStart(dataDir))
    console.log(`run ${i + 1}/${runs}: empty ${Math.round(empty[i])} ms, existing ${Math.round(existing[i])} ms`)
  }
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
}

console.log(`\nTime until /api/site/info answers (${runs} runs each; load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after, ${os.cpus().length} CPUs)`)
console.log(`  ${'DATA_DIR'.padEnd(10)} ${'min ms'.padStart(8)} ${'median ms'.padStart(10)} ${'max ms'.padStart(8)}`)
for (const [label, values] of [['empty', empty], ['existing', existing]]) {
  const s = stats(values)
  console.log(`  ${label.padEnd(10)} ${String(Math.round(s.min)).padStart(8)} ${String(Math.round(s.median)).padStart(10)} ${String(Math.round(s.max)).padStart(8)}`)
}
