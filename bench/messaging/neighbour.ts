/**
 * A neighbour: another program on the machine burning one full core (a busy loop in its own
 * process, at the bench's own priority), to measure the server as it runs on a shared machine.
 */
import { spawn } from 'node:child_process'
import os from 'node:os'
import { cpuSeconds } from './proc.js'

export interface Neighbour {
  pid: number
  /** The nice value it runs at (inherited from the bench). */
  nice: number
  cpuSeconds(): number
  stop(): Promise<void>
}

export function startNeighbour(): Neighbour {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
  const pid = child.pid!
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const nice = os.getPriority(pid)
  return {
    pid,
    nice,
    cpuSeconds: () => cpuSeconds(pid) ?? 0,
    async stop() {
      child.kill('SIGKILL')
      await exited
    },
  }
}
