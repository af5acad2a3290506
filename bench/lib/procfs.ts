/** Reading /proc (Linux) for the benchmarks' CPU and memory figures. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

/** Clock ticks per second, the unit of the CPU times in /proc/<pid>/stat and /proc/stat. */
export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
  } catch {
    return 100
  }
})()

/** A /proc file's text, or null when the process is gone. */
export function readProc(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return null
  }
}
