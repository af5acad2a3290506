/**
 * How long the disk takes to make a small write durable, measured beside a step: every 10 ms one
 * 8 KB write and fdatasync to a file in the given directory (put it on the database's disk). An
 * acknowledgement waits for PostgreSQL's WAL flush, so a disk that now and then takes hundreds of
 * milliseconds to flush shows in the messages' tail whatever the server does. On SIGTERM it
 * prints a JSON summary and removes its file.
 */
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

const file = path.join(process.argv[2] ?? '.', `fsync-probe-${process.pid}.tmp`)
const fd = fs.openSync(file, 'w', 0o600)
const block = Buffer.alloc(8192, 120)
const latencies = []
const slow = []
let i = 0

const timer = setInterval(() => {
  const t = performance.now()
  fs.writeSync(fd, block, 0, block.length, (i++ % 1000) * block.length)
  fs.fdatasyncSync(fd)
  const ms = performance.now() - t
  latencies.push(ms)
  if (ms > 100) slow.push({ at: new Date().toISOString().slice(11, 23), ms: Math.round(ms) })
}, 10)

process.on('SIGTERM', () => {
  clearInterval(timer)
  fs.closeSync(fd)
  fs.rmSync(file, { force: true })
  const sorted = latencies.sort((a, b) => a - b)
  const at = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : null)
  process.stdout.write(JSON.stringify({ n: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1), slow }))
  process.exit(0)
})
