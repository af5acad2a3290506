import { scryptSync } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { HashPool, type HashLease, type ScryptJob } from '../src/adapters/passwordHashing/pool.js'

/** Cheap parameters: the bounds are under test, not the cost. */
const job = (pwd: string): ScryptJob => ({ pwd, salt: Buffer.from('0123456789abcdef'), keylen: 32, N: 2 ** 10, r: 8, p: 1, maxmem: 32 * 1024 * 1024 })

/** A field of each thread's stat line (Linux), counted from the state field after the name. */
const threadStat = (field: number) =>
  fs.readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return [Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[field])]
    } catch {
      return []
    }
  })
const threadNices = () => threadStat(16)
/** Scheduling policies of this process's threads; 5 is SCHED_IDLE. */
const threadPolicies = () => threadStat(38)
const SCHED_IDLE = 5

describe('the password hashing pool', () => {
  let pool: HashPool
  afterEach(async () => pool?.close())

  it('admits its threads plus its queue, refuses the next at once, and admits again when a place is given back', () => {
    pool = new HashPool({ threads: 2, queue: 3, nice: 0 })
    const leases = Array.from({ length: 5 }, () => pool.lease())
    expect(leases.every((l) => l !== null)).toBe(true)
    expect(pool.lease()).toBeNull()
    leases[0]!.release()
    leases[0]!.release()
    expect(pool.busy).toBe(4)
    const again = pool.lease()
    expect(again).not.toBeNull()
    expect(pool.lease()).toBeNull()
    for (const l of [...leases, again]) l!.release()
    expect(pool.busy).toBe(0)
  })

  it('with no queue, refuses as soon as every thread is taken', () => {
    pool = new HashPool({ threads: 1, queue: 0, nice: 0 })
    const only = pool.lease()
    expect(only).not.toBeNull()
    expect(pool.lease()).toBeNull()
    only!.release()
  })

  it('runs waiting derivations in the order they came', async () => {
    pool = new HashPool({ threads: 1, queue: 7, nice: 0 })
    const leases = Array.from({ length: 8 }, () => pool.lease()) as HashLease[]
    const finished: number[] = []
    await Promise.all(leases.map((l, i) => l.derive(job(`pwd-${i}`)).then(() => finished.push(i))))
    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    leases.forEach((l) => l.release())
  })

  it('derives what scrypt derives, never on more threads than its limit, on threads of lower priority', async () => {
    pool = new HashPool({ threads: 2, queue: 4, nice: 7 })
    const leases = Array.from({ length: 6 }, () => pool.lease()) as HashLease[]
    const keys = await Promise.all(leases.map((l, i) => l.derive(job(`pwd-${i}`))))
    keys.forEach((key, i) => {
      const j = job(`pwd-${i}`)
      expect(key.equals(scryptSync(j.pwd, j.salt, j.keylen, { N: j.N, r: j.r, p: j.p, maxmem: j.maxmem }))).toBe(true)
    })
    expect(pool.threadsStarted).toBeLessThanOrEqual(2)
    expect(threadNices()).toContain(Math.min(19, os.getPriority() + 7))
    leases.forEach((l) => l.release())
    expect(pool.busy).toBe(0)
  })

  it('runs its threads under SCHED_IDLE when asked, and only then', async () => {
    expect(threadPolicies()).not.toContain(SCHED_IDLE)
    pool = new HashPool({ threads: 1, queue: 0, nice: 0 })
    const plain = pool.lease()!
    await plain.derive(job('plain'))
    plain.release()
    expect(threadPolicies()).not.toContain(SCHED_IDLE)
    await pool.close()

    pool = new HashPool({ threads: 1, queue: 0, nice: 0, idle: true })
    const idle = pool.lease()!
    const key = await idle.derive(job('idle'))
    idle.release()
    expect(key.length).toBe(32)
    expect(threadPolicies()).toContain(SCHED_IDLE)
  })
})
