import { randomBytes, timingSafeEqual } from 'node:crypto'
import { ResultCode } from '../../../../types/codes.js'
import { HASHING_BUSY_TEXT, type PasswordHasher, type PasswordHashing } from '../../domain/passwords.js'
import { Refusal } from '../../domain/refusal.js'
import { HashPool, type HashLease, type HashPoolLimits } from './pool.js'

/** OWASP password-storage settings for scrypt: N=2^15, r=8, p=3 (about 32 MiB per hash). */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 }
const KEY_LEN = 32

const maxmem = (N: number, r: number) => 256 * N * r + 1024 * 1024

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
 * scrypt in a pool of worker threads (pool.ts), one per application: the composition root builds
 * it from the configuration and closes it with the app. Random bytes match no password, so the
 * dummy hash needs no derivation to make.
 */
export function scryptHashing(limits: HashPoolLimits): PasswordHashing {
  const pool = new HashPool(limits)
  const dummy = ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, randomBytes(16).toString('base64'), randomBytes(KEY_LEN).toString('base64')].join('$')
  const withHasher = async <T>(work: (hasher: PasswordHasher) => Promise<T>): Promise<T> => {
    const lease = pool.lease()
    if (!lease) throw new Refusal(ResultCode.TooManyRequests, HASHING_BUSY_TEXT)
    try {
      return await work(hasherOn(lease))
    } finally {
      lease.release()
    }
  }
  return {
    withHasher,
    hash: (pwd) => withHasher((h) => h.hash(pwd)),
    verify: (pwd, encoded) => withHasher((h) => h.verify(pwd, encoded)),
    dummyHash: () => dummy,
    close: () => pool.close(),
  }
}
