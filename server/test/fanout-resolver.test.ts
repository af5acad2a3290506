import { describe, expect, it } from 'vitest'
import type { BusEvent } from '../src/bus/Bus.js'
import { MemberListCache } from '../src/domain/groups/memberListCache.js'
import { fanoutResolver } from '../src/realtime/fanout.js'
import { makeGroup } from './support/groups.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

const frame = (n: number): BusEvent['frame'] => ({ type: 'pong', ts: n })

describe.each(BACKENDS)('the fan-out resolver on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => (s = env.servers[0]!))

  /** A resolver over a process where `online` have sockets; it records who got which frame. */
  function resolverFor(online: string[], memberLists = new MemberListCache()) {
    const got: Array<[string, unknown]> = []
    const connected = new Set(online)
    const fanout = fanoutResolver({
      db: s.built.ctx.db,
      memberLists,
      log: s.built.ctx.log,
      registry: { users: () => connected.values(), isConnected: (id) => connected.has(id), userCount: () => connected.size },
      deliverTo: (wtId, _event, payload) => got.push([wtId, JSON.parse(payload()!.text)]),
    })
    return { fanout, got, memberLists }
  }

  it('delivers a listed event to the connected recipients, never to the one it excepts', () => {
    const { fanout, got } = resolverFor(['1', '2', '3'])
    fanout.deliver({ frame: frame(1), recipients: ['1', '2', '4'], exceptUser: '2' })
    fanout.deliver({ recipients: ['1'] })
    expect(got).toEqual([['1', frame(1)]])
  })

  it("delivers a group's event to its connected members, in publishing order, looked up or from the kept list", async () => {
    const [owner, member, outsider] = [await registerUser(s, '群主'), await registerUser(s, '成员'), await registerUser(s, '路人')]
    const g = await makeGroup(s, owner, [], [member])
    const { fanout, got, memberLists } = resolverFor([owner.wtId, member.wtId, outsider.wtId])
    fanout.deliver({ frame: frame(1), group: g.groupID, exceptUser: owner.wtId })
    fanout.deliver({ frame: frame(2), group: g.groupID })
    await fanout.settled()
    expect(got).toEqual([
      [member.wtId, frame(1)],
      [owner.wtId, frame(2)],
      [member.wtId, frame(2)],
    ])
    // The lookup read the whole list beside it; an event at that version is delivered at once.
    await expect.poll(() => memberLists.get(g.groupID)?.members?.length).toBe(2)
    got.length = 0
    fanout.deliver({ frame: frame(3), group: g.groupID, memberVersion: memberLists.get(g.groupID)!.version })
    expect(got.map(([id]) => id).sort()).toEqual([owner.wtId, member.wtId].sort())
  })
})
