import { describe, expect, it } from 'vitest'
import { RelayGrants } from '../src/domain/calls/relayGrants.js'

describe('relay permissions remembered for a few seconds', () => {
  it('holds a grant for its time, per direction and call, and forgets a call at once', () => {
    let now = 1_000
    const grants = new RelayGrants(3000, () => now)
    expect(grants.has('call-1', 'a', 'b')).toBe(false)
    grants.grant('call-1', 'a', 'b')
    grants.grant('call-2', 'a', 'b')
    expect(grants.has('call-1', 'a', 'b')).toBe(true)
    // The other direction and other people are checked on their own.
    expect(grants.has('call-1', 'b', 'a')).toBe(false)
    expect(grants.has('call-1', 'a', 'c')).toBe(false)
    now += 2999
    expect(grants.has('call-1', 'a', 'b')).toBe(true)
    now += 1
    expect(grants.has('call-1', 'a', 'b')).toBe(false)

    grants.grant('call-1', 'a', 'b')
    grants.forget('call-1')
    expect(grants.has('call-1', 'a', 'b')).toBe(false)
    // Forgetting one call leaves another whose ID starts the same way.
    grants.grant('call-10', 'a', 'b')
    grants.forget('call-1')
    expect(grants.has('call-10', 'a', 'b')).toBe(true)
  })
})
