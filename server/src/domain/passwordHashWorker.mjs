import { scryptSync } from 'node:crypto'

/**
 * One scrypt derivation, in a thread of the password hashing pool. The synchronous call keeps the
 * work on this thread, whose priority the pool lowered; the asynchronous one would hand it to
 * libuv's shared threadpool at normal priority, which is what the pool exists to avoid.
 */
export default function derive({ pwd, salt, keylen, N, r, p, maxmem }) {
  return scryptSync(pwd, salt, keylen, { N, r, p, maxmem })
}
