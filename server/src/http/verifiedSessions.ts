/**
 * Token hashes this process has seen pass the session check lately. The API limiter keys a
 * request by its session only when its token is here; any other token (made up, revoked, or
 * not yet checked by this process) counts against the client's address, so inventing tokens
 * buys no new budget.
 */
export class VerifiedSessions {
  private readonly seen = new Map<string, number>()

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly max = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  remember(tokenHash: string): void {
    this.seen.delete(tokenHash)
    this.seen.set(tokenHash, this.now() + this.ttlMs)
    // Insertion order is age order: the oldest go first.
    while (this.seen.size > this.max) this.seen.delete(this.seen.keys().next().value!)
  }

  forget(tokenHash: string): void {
    this.seen.delete(tokenHash)
  }

  has(tokenHash: string): boolean {
    const until = this.seen.get(tokenHash)
    if (until === undefined) return false
    if (until > this.now()) return true
    this.seen.delete(tokenHash)
    return false
  }
}
