import os from 'node:os'
import { Piscina } from 'piscina'

/**
 * How much password hashing one server process does at once. Hashing is the one deliberately
 * expensive thing a request can ask for (about 32 MiB and a third of a second of a core each),
 * so it gets a fixed number of threads and a bounded queue; past that a login is refused at
 * once rather than waiting behind a burst while it eats the cores the messages need.
 */
export interface HashPoolLimits {
  /** Hashes running at once, one thread each (PASSWORD_HASH_THREADS). */
  threads: number
  /** Hashes admitted to wait for a thread (PASSWORD_HASH_QUEUE). */
  queue: number
  /** Added to the hashing threads' nice value, so under contention the event loop wins (PASSWORD_HASH_NICE; 0 keeps the process's). */
  nice: number
  /** Linux: run the hashing threads under SCHED_IDLE, on cores nothing else wants (PASSWORD_HASH_IDLE; absent: off). */
  idle?: boolean
}

/** Every core but one, so the event loop keeps a core to itself; at least one. */
export const defaultHashThreads = (): number => Math.max(1, os.availableParallelism() - 1)

/** Eight waiting per thread: at about 0.3 s a hash, a login waits at most a few seconds for its turn. */
export const QUEUE_PER_THREAD = 8

export const DEFAULT_HASH_NICE = 19

export function defaultHashPoolLimits(threads = defaultHashThreads()): HashPoolLimits {
  return { threads, queue: threads * QUEUE_PER_THREAD, nice: DEFAULT_HASH_NICE, idle: true }
}

export interface ScryptJob {
  pwd: string
  salt: Uint8Array
  keylen: number
  N: number
  r: number
  p: number
  maxmem: number
}

/** A place held in the pool: derivations under it are never refused. Release it when done (twice is harmless). */
export interface HashLease {
  derive(job: ScryptJob): Promise<Buffer>
  release(): void
}

const WORKER = new URL('./worker.cjs', import.meta.url).href

/**
 * Worker threads (piscina) run the derivations; the admission count and the queue are here. A lease is
 * taken before anything else the request does with the password (the login throttle counts an
 * attempt), so a refusal costs the caller nothing but the answer.
 */
export class HashPool {
  private held = 0
  private running = 0
  /** Derivations waiting for a thread, oldest first. */
  private readonly waiting: Array<() => void> = []
  private readonly workers: Piscina
  /** Resolves close() once the last lease is given back. */
  private onIdle: (() => void) | null = null

  constructor(readonly limits: HashPoolLimits) {
    if (!(limits.threads >= 1 && limits.queue >= 0)) throw new Error('a hash pool needs at least one thread and a queue of zero or more')
    this.workers = new Piscina({
      filename: WORKER,
      // The threads are kept (about 10 MB each, idle in Atomics.wait): a thread started at a lowered
      // priority on a busy machine took seconds to come up, which the first login after a quiet spell paid.
      minThreads: limits.threads,
      maxThreads: limits.threads,
      niceIncrement: limits.nice,
      workerData: { idle: limits.idle === true },
    })
  }

  /** Leases held: running plus waiting. */
  get busy(): number {
    return this.held
  }

  /** Threads started (never more than `limits.threads`). */
  get threadsStarted(): number {
    return this.workers.threads.length
  }

  get capacity(): number {
    return this.limits.threads + this.limits.queue
  }

  /** A place in the pool, or null when every thread is busy and the queue is full. */
  lease(): HashLease | null {
    if (this.held >= this.capacity) return null
    this.held += 1
    let released = false
    return {
      derive: async (job) => {
        await this.thread()
        try {
          const key = (await this.workers.run(job)) as Uint8Array
          return Buffer.from(key.buffer, key.byteOffset, key.byteLength)
        } finally {
          this.threadDone()
        }
      },
      release: () => {
        if (released) return
        released = true
        this.held -= 1
        if (this.held === 0) this.onIdle?.()
      },
    }
  }

  /**
   * Piscina is handed no more derivations than it has threads, so the waiting happens here, in
   * order: given a queue of its own, it served later tasks first and left the first ones waiting
   * as long as new ones kept coming (17 s for the first of 8 in a closed loop of 15 s).
   */
  private async thread(): Promise<void> {
    if (this.running < this.limits.threads) {
      this.running += 1
      return
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve))
  }

  /** The thread goes to the oldest waiting derivation, if any. */
  private threadDone(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.running -= 1
  }

  /** Stops the threads once every lease held now is given back (new limits replace a pool this way). */
  async close(): Promise<void> {
    if (this.held > 0) await new Promise<void>((resolve) => (this.onIdle = resolve))
    await this.workers.close()
  }
}
