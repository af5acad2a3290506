/** Readings from /proc (Linux): memory and CPU time of processes, and of the whole machine. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import { CLK_TCK, readProc } from '../lib/procfs.js'

/** Resident set size in KB (VmRSS), or null when the process is gone. */
export function rssKb(pid: number): number | null {
  const m = /VmRSS:\s+(\d+) kB/.exec(readProc(`/proc/${pid}/status`) ?? '')
  return m ? Number(m[1]) : null
}

interface Stat {
  ppid: number
  comm: string
  /** utime + stime, seconds. */
  cpu: number
  /** cutime + cstime: CPU of children that exited and were waited for, seconds. */
  children: number
}

function stat(pid: number): Stat | null {
  const text = readProc(`/proc/${pid}/stat`)
  if (!text) return null
  const close = text.lastIndexOf(')')
  const comm = text.slice(text.indexOf('(') + 1, close)
  const fields = text.slice(close + 2).split(' ')
  // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  return {
    ppid: Number(fields[1]),
    comm,
    cpu: (Number(fields[11]) + Number(fields[12])) / CLK_TCK,
    children: (Number(fields[13]) + Number(fields[14])) / CLK_TCK,
  }
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number | null {
  return stat(pid)?.cpu ?? null
}

/** System (kernel) CPU seconds a process has used so far: syscalls, including loopback TCP work. */
export function systemSeconds(pid: number): number | null {
  const text = readProc(`/proc/${pid}/stat`)
  if (!text) return null
  return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[12]) / CLK_TCK
}

function allPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
}

/**
 * The process doing the work under a launcher: `tsx` starts node as a child, so the
 * server is the deepest `node` descendant of the spawned pid.
 */
export function workerPid(root: number): number {
  let current = root
  for (let depth = 0; depth < 5; depth++) {
    const child = allPids().find((p) => {
      const s = stat(p)
      return s !== null && s.ppid === current && s.comm.startsWith('node')
    })
    if (child === undefined) return current
    current = child
  }
  return current
}

/**
 * CPU seconds used so far by every process with this command name (e.g. postgres,
 * redis-server), by pid, including their exited children (PostgreSQL backends that ended
 * show up in the postmaster's children time).
 */
export function cpuByName(comm: string): Map<number, number> {
  const out = new Map<number, number>()
  for (const p of allPids()) {
    const s = stat(p)
    if (s && s.comm.startsWith(comm)) out.set(p, s.cpu + s.children)
  }
  return out
}

/** CPU seconds used between two readings of cpuByName (processes that started in between count in full). */
export function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0
  for (const [pid, cpu] of after) sum += cpu - (before.get(pid) ?? 0)
  return sum
}

/** Busy and total jiffies of the whole machine (/proc/stat), for machine-wide utilisation. */
export function machineCpu(): { busy: number; total: number } {
  const line = (readProc('/proc/stat') ?? '').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  const total = line.reduce((a, b) => a + b, 0)
  const idle = (line[3] ?? 0) + (line[4] ?? 0)
  return { busy: total - idle, total }
}

export function machineInfo() {
  const model = /model name\s*:\s*(.*)/.exec(readProc('/proc/cpuinfo') ?? '')?.[1] ?? os.cpus()[0]?.model ?? 'unknown'
  let nofile = 'unknown'
  try {
    nofile = execFileSync('sh', ['-c', 'ulimit -n']).toString().trim()
  } catch {
    /* not a POSIX shell */
  }
  return {
    cpus: os.cpus().length,
    model,
    memMb: Math.round(os.totalmem() / 1024 / 1024),
    nofile,
    node: process.version,
  }
}
