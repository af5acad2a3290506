/** CPU time of whole process trees from /proc (Linux): a browser with its helpers, a server with its launcher. */
import fs from 'node:fs'
import { CLK_TCK, readProc } from '../lib/procfs.js'

interface ProcStat {
  pid: number
  ppid: number
  /** utime + stime, seconds. */
  cpu: number
}

function stat(pid: number): ProcStat | null {
  const text = readProc(`/proc/${pid}/stat`)
  if (!text) return null
  // The command name is in parentheses and may itself contain spaces or parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  return { pid, ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / CLK_TCK }
}

/** `root` and every process below it, with their CPU seconds so far. */
export function treeOf(root: number): ProcStat[] {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => stat(Number(d)))
    .filter((s): s is ProcStat => s !== null)
  const children = new Map<number, ProcStat[]>()
  for (const s of all) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s])
  const rootStat = all.find((s) => s.pid === root)
  if (!rootStat) return []
  const out: ProcStat[] = []
  const visit = (s: ProcStat) => {
    out.push(s)
    for (const c of children.get(s.pid) ?? []) visit(c)
  }
  visit(rootStat)
  return out
}

/**
 * What a Chromium process does, from its command line: `browser` (the main process and its
 * zygotes), `renderer`, `gpu`, `utility:<service>` (network, audio, video capture, storage…),
 * or the `--type` value for anything else.
 */
export function chromiumKind(pid: number): string {
  // Chromium rewrites its helpers' command lines into one space-separated string (its process titles).
  const args = (readProc(`/proc/${pid}/cmdline`) ?? '').split(/[\0 ]/)
  const type = args.find((a) => a.startsWith('--type='))?.slice('--type='.length)
  if (!type || type === 'zygote') return 'browser'
  if (type === 'gpu-process') return 'gpu'
  if (type === 'utility') {
    const sub = args.find((a) => a.startsWith('--utility-sub-type='))?.slice('--utility-sub-type='.length) ?? ''
    // e.g. network.mojom.NetworkService → network, video_capture.mojom.VideoCaptureService → video_capture
    return `utility:${sub.split('.')[0] || 'unknown'}`
  }
  return type
}

export interface TreeSample {
  at: number
  /** pid → CPU seconds so far. */
  cpu: Map<number, number>
}

export function sampleTree(root: number): TreeSample {
  return { at: performance.now(), cpu: new Map(treeOf(root).map((s) => [s.pid, s.cpu])) }
}

/**
 * CPU seconds each process used between two samples. A process that started in between counts
 * in full; one that ended in between is missing (its last stretch is lost), so the processes
 * are listed for the caller to check that the tree stayed the same.
 */
export function treeDelta(a: TreeSample, b: TreeSample): { seconds: number; byPid: Map<number, number>; started: number[]; ended: number[] } {
  const byPid = new Map<number, number>()
  for (const [pid, cpu] of b.cpu) byPid.set(pid, cpu - (a.cpu.get(pid) ?? 0))
  return {
    seconds: (b.at - a.at) / 1000,
    byPid,
    started: [...b.cpu.keys()].filter((p) => !a.cpu.has(p)),
    ended: [...a.cpu.keys()].filter((p) => !b.cpu.has(p)),
  }
}

/** Direct children of `parent` whose command name starts with `comm`. */
export function childrenNamed(parent: number, comm: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => stat(pid)?.ppid === parent && (readProc(`/proc/${pid}/comm`) ?? '').trim().startsWith(comm))
}

/** Busy and total jiffies of the whole machine (/proc/stat). */
export function machineJiffies(): { busy: number; total: number } {
  const line = (readProc('/proc/stat') ?? '').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  const total = line.reduce((x, y) => x + y, 0)
  const idle = (line[3] ?? 0) + (line[4] ?? 0)
  return { busy: total - idle, total }
}

export function cpuModel(): string {
  return /model name\s*:\s*(.*)/.exec(readProc('/proc/cpuinfo') ?? '')?.[1] ?? 'unknown'
}
