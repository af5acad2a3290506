import { execFileSync } from 'node:child_process'
import { scryptSync } from 'node:crypto'
import { readlinkSync } from 'node:fs'
import { workerData } from 'node:worker_threads'

/**
 * Under Linux's SCHED_IDLE policy a thread runs only on a core nothing else wants, and a woken
 * event loop or database backend takes the core back at once; a high nice value only shrinks its
 * share, and on two cores that share still showed in the messages' tail (docs/performance.md).
 * util-linux's chrt sets it for this thread; where it cannot, the nice value stays the fallback.
 */
if (workerData?.idle && process.platform === 'linux') {
  try {
    const tid = readlinkSync('/proc/thread-self').split('/').pop()
    execFileSync('chrt', ['--idle', '-p', '0', tid], { stdio: 'ignore' })
  } catch {
    // No chrt, or a kernel without the policy: the thread keeps its lowered nice value.
  }
}

/**
 * One scrypt derivation, in a thread of the password hashing pool. The synchronous call keeps the
 * work on this thread, whose priority the pool lowered; the asynchronous one would hand it to
 * libuv's shared threadpool at normal priority, which is what the pool exists to avoid.
 */
export default function derive({ pwd, salt, keylen, N, r, p, maxmem }) {
  return scryptSync(pwd, salt, keylen, { N, r, p, maxmem })
}
