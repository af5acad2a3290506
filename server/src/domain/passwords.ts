import { randomBytes, timingSafeEqual } from 'node:crypto'
import { ResultCode } from '../../../types/codes.js'
import { HashPool, defaultHashPoolLimits, type HashLease, type HashPoolLimits } from './passwordPool.js'
import { Refusal } from './refusal.js'

/** OWASP password-storage settings for scrypt: N=2^15, r=8, p=3 (about 32 MiB per hash). */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 }
const KEY_LEN = 32

/** The answer when the hashing pool is full: nothing the user did wrong, and trying again soon works. */
export const HASHING_BUSY_TEXT = '系统繁忙，请稍后再试'

const maxmem = (N: number, r: number) => 256 * N * r + 1024 * 1024

let pool: HashPool | null = null

/**
 * Sets the process's hashing pool (the server does at start from its configuration). One pool per
 * process because the cores are the process's: a second app in the same process shares it, and
 * new limits replace the pool once the old one's work is done.
 */
export function configurePasswordHashing(limits: HashPoolLimits): void {
  const same = pool && pool.limits.threads === limits.threads && pool.limits.queue === limits.queue && pool.limits.nice === limits.nice && pool.limits.idle === limits.idle
  if (same) return
  void pool?.close()
  pool = new HashPool(limits)
}

export interface PasswordHasher {
  hash(pwd: string): Promise<string>
  verify(pwd: string, encoded: string): Promise<boolean>
}

function hasherOn(lease: HashLease): PasswordHasher {
  return {
    /** Encoded as `scrypt$N$r$p$salt$hash` so the parameters can be raised later without breaking old hashes. */
    async hash(pwd) {
      const salt = randomBytes(16)
      const key = await lease.derive({ pwd, salt, keylen: KEY_LEN, ...PARAMS, maxmem: maxmem(PARAMS.N, PARAMS.r) })
      return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
    },
    async verify(pwd, encoded) {
      const [alg, n, r, p, salt, hash] = encoded.split('$')
      if (alg !== 'scrypt' || !salt || !hash) return false
      const expected = Buffer.from(hash, 'base64')
      const [N, R, P] = [Number(n), Number(r), Number(p)]
      const key = await lease.derive({ pwd, salt: Buffer.from(salt, 'base64'), keylen: expected.length, N, r: R, p: P, maxmem: maxmem(N, R) })
      return key.length === expected.length && timingSafeEqual(key, expected)
    },
  }
}

/**
 * Runs `work` holding a place in the hashing pool, or refuses at once (429, HASHING_BUSY_TEXT)
 * when every thread is busy and the queue is full. Take it before anything that must not happen
 * for a request that is then refused, such as counting a login attempt.
 */
export async function withPasswordHashing<T>(work: (hasher: PasswordHasher) => Promise<T>): Promise<T> {
  pool ??= new HashPool(defaultHashPoolLimits())
  const lease = pool.lease()
  if (!lease) throw new Refusal(ResultCode.TooManyRequests, HASHING_BUSY_TEXT)
  try {
    return await work(hasherOn(lease))
  } finally {
    lease.release()
  }
}

export const hashPassword = (pwd: string): Promise<string> => withPasswordHashing((h) => h.hash(pwd))

export const verifyPassword = (pwd: string, encoded: string): Promise<boolean> => withPasswordHashing((h) => h.verify(pwd, encoded))

/**
 * What an unknown account's password is compared against, so timing does not reveal which accounts
 * exist: the same parameters cost the same derivation, and random bytes match no password, so no
 * hash has to be computed to make it.
 */
const dummyHash = ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, randomBytes(16).toString('base64'), randomBytes(KEY_LEN).toString('base64')].join('$')
export const dummyPasswordHash = (): string => dummyHash
