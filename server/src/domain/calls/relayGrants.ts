/**
 * Recent permissions to relay WebRTC frames between two people of a call. A link's negotiation
 * is a burst of tens of frames (an offer, an answer and many ICE candidates), and one socket's
 * frames are handled one after another, so a database check per frame queued an answer behind
 * candidates for other links: in a call of four the links took seconds to come up. A permission
 * is remembered for a few seconds. A call message handled by this process forgets its call's
 * permissions at once; one handled by another process is seen here when the permission lapses.
 */
export class RelayGrants {
  private readonly grants = new Map<string, number>()

  constructor(
    private readonly ttlMs = 3000,
    private readonly now: () => number = Date.now,
  ) {}

  has(inviteID: string, from: string, to: string): boolean {
    const key = keyOf(inviteID, from, to)
    const until = this.grants.get(key)
    if (until === undefined) return false
    if (until > this.now()) return true
    this.grants.delete(key)
    return false
  }

  grant(inviteID: string, from: string, to: string): void {
    if (this.grants.size >= 10_000) this.sweep()
    this.grants.set(keyOf(inviteID, from, to), this.now() + this.ttlMs)
  }

  forget(inviteID: string): void {
    const prefix = `${inviteID}\u0000`
    for (const key of this.grants.keys()) if (key.startsWith(prefix)) this.grants.delete(key)
  }

  private sweep(): void {
    const now = this.now()
    for (const [key, until] of this.grants) if (until <= now) this.grants.delete(key)
  }
}

const keyOf = (inviteID: string, from: string, to: string) => `${inviteID}\u0000${from}\u0000${to}`
