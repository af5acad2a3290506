import { describe, expect, it } from 'vitest'
import type { Paged } from '../../types/envelope.js'
import type { GroupInfo, GroupMember } from '../../types/group.js'
import { chatClient } from './support/chat.js'
import { makeGroup } from './support/groups.js'
import { registerUser } from './support/users.js'
import { BACKENDS, setupServers, type Storage, type TestServer } from './support/server.js'

const SEEDED = 20_000
const G = '/api/user/groupchat/'

describe.each(BACKENDS)('a large community group on %s', (backend) => {
  let s: TestServer
  let storage: Storage
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
    storage = env.storage
  })

  it('pages members, stores each tip once and tells online members the new count', async () => {
    const owner = await registerUser(s, '社群主')
    const joiner = await registerUser(s, '新人')
    const g = await makeGroup(s, owner, [], [], { groupType: 'Community', wtIds: [joiner.wtId] })
    expect((await s.api(`${G}member/quit`, { groupNumber: g.groupNumber }, { token: joiner.token })).code).toBe(200)
    // Seeded members need no password or session: they are only rows to page through.
    await storage.db.query(
      `INSERT INTO users (wt_id, phone, pwd_hash, nick_name, avatar)
       SELECT '8' || lpad(i::text, 7, '0'), '171' || lpad(i::text, 8, '0'), 'x', '社员' || i, '' FROM generate_series(1, $1) AS i`,
      [SEEDED],
    )
    await storage.db.query(
      `INSERT INTO group_members (group_id, wt_id, identity, join_type, joined_at)
       SELECT $1, '8' || lpad(i::text, 7, '0'), 1, 3, now() + make_interval(secs => i) FROM generate_series(1, $2) AS i`,
      [g.groupID, SEEDED],
    )
    await storage.db.query('ANALYZE group_members')

    const page = async (body: Record<string, unknown>) =>
      (await s.api<Paged<GroupMember>>(`${G}member/list`, { groupNumber: g.groupNumber, ...body }, { token: owner.token })).data
    const first = await page({ pageNum: 1, pageSize: 100 })
    expect(first.total).toBe(SEEDED + 1)
    expect(first.rows).toHaveLength(100)
    expect(first.rows[0]).toMatchObject({ wtId: owner.wtId, identity: 3 })
    const last = await page({ pageNum: 201, pageSize: 100 })
    expect(last.rows.map((r) => r.nickname)).toEqual([`社员${SEEDED}`])
    expect((await page({ keyword: '社员19999' })).rows.map((r) => r.nickname)).toEqual(['社员19999'])
    const info = await s.api<GroupInfo>(`${G}getInfoById`, { groupNumber: g.groupNumber }, { token: owner.token })
    expect(info.data.groupchatMemberList).toHaveLength(100)
    expect(info.data.groupMemberCount).toBe(SEEDED + 1)

    const count = async (sql: string) => (await storage.db.query<{ n: number }>(sql, [g.groupID])).rows[0]!.n
    const messagesBefore = await count(`SELECT count(*)::int AS n FROM messages WHERE channel_id = 'group:' || $1`)
    const rowsBefore = await count(`SELECT count(*)::int AS n FROM user_conversations WHERE conversation_id = 'GROUP' || $1`)
    const co = chatClient(s, owner.token)
    await co.ready
    await s.api(`${G}edit`, { groupNumber: g.groupNumber, confirminviteSwitch: 0 }, { token: owner.token })
    expect((await s.api(`${G}member/activeJoin`, { groupNumber: g.groupNumber }, { token: joiner.token })).code).toBe(200)
    expect(await co.next((f) => f.type === 5 && f.count === SEEDED + 2)).toBeTruthy()
    // The join tip is stored once for the whole group (switches write no tip); the only
    // conversation row touched is the joiner's, which already existed.
    expect(await count(`SELECT count(*)::int AS n FROM messages WHERE channel_id = 'group:' || $1`)).toBe(messagesBefore + 1)
    expect(await count(`SELECT count(*)::int AS n FROM user_conversations WHERE conversation_id = 'GROUP' || $1`)).toBe(rowsBefore)
    co.close()
  })
})
