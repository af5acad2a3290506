/**
 * Gathers the calls made during one turn of the event loop into one call of `run` (one
 * database round trip for many sends). `run` answers one result per key, in order; if it
 * throws, every caller of that round gets the error.
 */
export function coalescer<K, R>(run: (keys: K[]) => Promise<R[]>): (key: K) => Promise<R> {
  let pending: Array<{ key: K; resolve: (r: R) => void; reject: (err: unknown) => void }> = []
  const flush = () => {
    const round = pending
    pending = []
    run(round.map((p) => p.key)).then(
      (results) => round.forEach((p, i) => p.resolve(results[i]!)),
      (err: unknown) => round.forEach((p) => p.reject(err)),
    )
  }
  return (key) =>
    new Promise<R>((resolve, reject) => {
      pending.push({ key, resolve, reject })
      if (pending.length === 1) setImmediate(flush)
    })
}
