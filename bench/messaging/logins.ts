/** Password logins next to the message load: a child process (login-load.mjs) and what it saw. */
import { fork } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const LOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'login-load.mjs')

export type LoginTask = { url: string; pwd: string; wtIds: string[] } & ({ rate: number } | { concurrency: number })

export interface LoginReport {
  /** Seconds from the start to the stop. */
  window: number
  attempted: number
  succeeded: number
  /** Answered 429 (the hashing pool was full, or a rate limit). */
  refused: number
  /** Other answers by code; -1 is no answer (network error or 120 s timeout). */
  other: Record<string, number>
  /** Still unanswered 60 s after the stop. */
  unanswered: number
  /** Latency of every answered login, and of the successful ones, ms. */
  p50: number | null
  p99: number | null
  okP50: number | null
  okP99: number | null
}

const percentile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]! : null)

/** Starts logging in; `stop()` stops starting logins, waits for those in flight and reports. */
export function startLogins(task: LoginTask): { stop(): Promise<LoginReport> } {
  // A plain node process: the loader flags of tsx are not needed for a .mjs file.
  const child = fork(LOAD, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const report = new Promise<{ window: number; results: Array<[number, number, number]>; unanswered: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as never))
    child.once('exit', (code) => reject(new Error(`login-load exited (${code}) before reporting`)))
  })
  child.send(task)
  return {
    async stop() {
      child.send('stop')
      const { window, results, unanswered } = await report
      const answered = results.filter((r) => r[2] !== -1)
      const lat = answered.map((r) => r[1]).sort((a, b) => a - b)
      const ok = results.filter((r) => r[2] === 200).map((r) => r[1]).sort((a, b) => a - b)
      const other: Record<string, number> = {}
      for (const [, , code] of results) if (code !== 200 && code !== 429) other[code] = (other[code] ?? 0) + 1
      return {
        window,
        attempted: results.length + unanswered,
        succeeded: ok.length,
        refused: results.filter((r) => r[2] === 429).length,
        other,
        unanswered,
        p50: percentile(lat, 0.5),
        p99: percentile(lat, 0.99),
        okP50: percentile(ok, 0.5),
        okP99: percentile(ok, 0.99),
      }
    },
  }
}

const f1 = (v: number | null) => (v === null ? '-' : v.toFixed(1))
const perS = (n: number, s: number) => (n / Math.max(s, 1e-9)).toFixed(2)

export function loginNote(r: LoginReport, offered: string): string {
  const other = Object.keys(r.other).length ? `, other answers ${JSON.stringify(r.other)}` : ''
  return (
    `logins (${offered}): attempted ${r.attempted} (${perS(r.attempted, r.window)}/s), succeeded ${r.succeeded} (${perS(r.succeeded, r.window)}/s), ` +
    `refused ${r.refused} (${perS(r.refused, r.window)}/s)${other}${r.unanswered ? `, ${r.unanswered} unanswered 60 s after the stop` : ''} over ${r.window.toFixed(1)} s; ` +
    `latency p50 ${f1(r.p50)} p99 ${f1(r.p99)} ms (successful ones p50 ${f1(r.okP50)} p99 ${f1(r.okP99)} ms)`
  )
}
