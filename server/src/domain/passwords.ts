import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** OWASP password-storage settings for scrypt: N=2^15, r=8, p=3 (about 32 MiB per hash). */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 }
const KEY_LEN = 32

function scrypt(pwd: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(pwd, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

const options = (N: number, r: number, p: number): ScryptOptions => ({ N, r, p, maxmem: 256 * N * r + 1024 * 1024 })

/** Encoded as `scrypt$N$r$p$salt$hash` so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(pwd: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(pwd, salt, KEY_LEN, options(PARAMS.N, PARAMS.r, PARAMS.p))
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(pwd: string, encoded: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = encoded.split('$')
  if (alg !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await scrypt(pwd, Buffer.from(salt, 'base64'), expected.length, options(Number(n), Number(r), Number(p)))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A hash to compare against when the account does not exist, so timing does not reveal which accounts exist. */
let dummyHash: Promise<string> | null = null
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(8).toString('hex'))
  return dummyHash
}
