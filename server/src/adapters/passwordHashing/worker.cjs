// CommonJS: the pool's threads load it with require(), and Node 20's require() of an ES module
// has crashed a process (an assertion in its module loader), where a CommonJS file loads plainly.
const { execFileSync } = require('node:child_process')
const { scryptSync } = require('node:crypto')
const { readlinkSync } = require('node:fs')
const { workerData } = require('node:worker_threads')

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
module.exports = function derive({ pwd, salt, keylen, N, r, p, maxmem }) {
  return scryptSync(pwd, salt, keylen, { N, r, p, maxmem })
}
