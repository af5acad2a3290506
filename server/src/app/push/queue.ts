/**
 * A bounded queue of work with a fixed number of workers. Adding never waits: past the bound the
 * new item is dropped and counted, so whatever fills the queue (a slow push service, a burst of
 * group messages) never holds up the caller. Items that ask for a retry come back after their
 * delay, and count against the bound while they wait.
 */
export interface QueueOptions {
  maxPending: number
  concurrency: number
  /** Called when an item is dropped because the queue is full. */
  dropped?: () => void
  /** Called when a run throws; the item is not retried. */
  failed?: (err: unknown) => void
}

/** What a run answers: done, or try again after this many milliseconds. */
export type RunOutcome = { retryInMs: number } | void

export class WorkQueue<T> {
  /** Waiting items from `head` on: taking one moves the index (Array.shift copies a long array each time). */
  private items: T[] = []
  private head = 0
  private running = 0
  private waiting = 0
  private readonly timers = new Set<NodeJS.Timeout>()
  private idleWaiters: Array<() => void> = []
  private closed = false

  constructor(
    private readonly run: (item: T) => Promise<RunOutcome>,
    private readonly options: QueueOptions,
  ) {}

  /** Items queued, running or waiting for a retry. */
  get size(): number {
    return this.items.length - this.head + this.running + this.waiting
  }

  add(item: T): boolean {
    if (this.closed || this.size >= this.options.maxPending) {
      this.options.dropped?.()
      return false
    }
    this.items.push(item)
    this.pump()
    return true
  }

  /** Resolves once nothing is queued, running or waiting (tests, benchmarks, shutdown). */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /** Stops taking work and forgets retries; what is running finishes. */
  close(): void {
    this.closed = true
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    this.waiting = 0
    this.items = []
    this.head = 0
    this.settle()
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.head < this.items.length) {
      const item = this.items[this.head]!
      this.items[this.head] = undefined as T
      this.head += 1
      this.running += 1
      void this.runOne(item)
    }
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head)
      this.head = 0
    }
  }

  private async runOne(item: T): Promise<void> {
    try {
      const outcome = await this.run(item)
      if (outcome && !this.closed) this.retryLater(item, outcome.retryInMs)
    } catch (err) {
      this.options.failed?.(err)
    } finally {
      this.running -= 1
      this.pump()
      this.settle()
    }
  }

  private retryLater(item: T, ms: number): void {
    this.waiting += 1
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.waiting -= 1
      if (this.closed) return this.settle()
      this.items.push(item)
      this.pump()
    }, ms)
    timer.unref()
    this.timers.add(timer)
  }

  private settle(): void {
    if (this.size > 0) return
    const waiters = this.idleWaiters
    this.idleWaiters = []
    for (const w of waiters) w()
  }
}
