import { describe, expect, it, vi } from 'vitest'
import type { Message } from '../../types/chat.js'
import { FANOUT_TOPIC, type BusEvent } from '../src/bus/Bus.js'
import { FANOUT_LIST_MAX } from '../src/domain/messages.js'
import { chatClient, messagesOf } from './support/chat.js'
import { makeGroup } from './support/groups.js'
import { BACKENDS, setupServers, type Storage, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

describe.each(BACKENDS)('a message to a group too large to list, on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  let peer: TestServer
  setupServers(backend, 2, (env) => {
    storage = env.storage
    ;[s, peer] = env.servers as [TestServer, TestServer]
  })

  /** Members beyond the listing limit, as joining would leave them: a member row and a conversation row each. */
  async function addOfflineMembers(groupId: string, gid: string, digit: string, extra: number) {
    await storage.db.query(
      `INSERT INTO users (wt_id, phone, pwd_hash, nick_name, avatar)
       SELECT $2 || lpad(n::text, 7, '0'), 'L' || $2 || n, 'x', 'm' || n, '' FROM generate_series(1, $1::int) AS n`,
      [extra, digit],
    )
    await storage.db.query(
      `INSERT INTO group_members (group_id, wt_id) SELECT $1, $3 || lpad(n::text, 7, '0') FROM generate_series(1, $2::int) AS n`,
      [groupId, extra, digit],
    )
    await storage.db.query(
      `INSERT INTO user_conversations (wt_id, conversation_id, channel_id) SELECT $4 || lpad(n::text, 7, '0'), $1, $2 FROM generate_series(1, $3::int) AS n`,
      [gid, `group:${groupId}`, extra, digit],
    )
  }

  it('is stored once, reaches only the online members on every process, and writes no per-member rows', async () => {
    const [owner, online, alsoOnline, outsider] = [await registerUser(s, '群主'), await registerUser(s, '在线甲'), await registerUser(s, '在线乙'), await registerUser(s, '路人')]
    const { groupID: groupId, conversationID: gid } = await makeGroup(s, owner, [], [online, alsoOnline], { groupName: '大社群' })
    const extra = FANOUT_LIST_MAX + 10
    await addOfflineMembers(groupId, gid, '7', extra)
    const rowVersions = async () =>
      (
        await storage.db.query<{ wt_id: string; v: string }>(
          `SELECT wt_id, xmin::text || ':' || updated_at::text AS v FROM user_conversations WHERE channel_id = $1`,
          [`group:${groupId}`],
        )
      ).rows
    const before = new Map((await rowVersions()).map((r) => [r.wt_id, r.v]))

    const [co, c1, c2, cx] = [chatClient(s, owner.token), chatClient(s, online.token), chatClient(peer, alsoOnline.token), chatClient(peer, outsider.token)]
    await Promise.all([co.ready, c1.ready, c2.ready, cx.ready])
    const published: BusEvent[] = []
    const unsubscribe = storage.bus.subscribe(FANOUT_TOPIC, (e) => published.push(e))
    const ack = await co.sendText(gid, '大家好', { needReadReceipt: true })
    expect(ack.type).toBe('ack')
    const sent = ack.message as Message
    // The receipt counts still know the size of the group.
    expect(sent.readReceiptInfo).toEqual({ readCount: 0, unreadCount: extra + 2 })
    for (const c of [c1, c2]) {
      const got = await c.next((f) => f.type === 'msg')
      expect(got.message).toMatchObject({ conversationID: gid, sequence: sent.sequence, payload: { text: '大家好' } })
    }
    const second = await co.sendText(gid, '第二条')
    for (const c of [c1, c2]) await c.next((f) => f.type === 'msg' && (f.message as Message).sequence === (second.message as Message).sequence)
    // Each online member got each message once, in order; the outsider and the sender's own socket got none.
    for (const c of [c1, c2]) expect(messagesOf(c.events()).map((m) => m.sequence)).toEqual([sent.sequence, sent.sequence + 1])
    expect(messagesOf(cx.events())).toEqual([])
    expect(messagesOf(co.events())).toEqual([])
    // The push names the group; no event lists its members.
    unsubscribe()
    expect(published.map((e) => ({ group: e.group, listed: e.recipients?.length ?? 0 }))).toEqual([
      { group: groupId, listed: 0 },
      { group: groupId, listed: 0 },
    ])

    const { rows } = await storage.db.query<{ n: number }>("SELECT count(*)::int AS n FROM messages WHERE channel_id = $1 AND sender = $2 AND type = 'TIMTextElem'", [`group:${groupId}`, owner.wtId])
    expect(rows[0]!.n).toBe(2)
    // Only the sender's own conversation row changed (read up to their message).
    const changed = (await rowVersions()).filter((r) => before.get(r.wt_id) !== r.v).map((r) => r.wt_id)
    expect(changed).toEqual([owner.wtId])
    expect((await rowVersions()).length).toBe(before.size)

    // An offline member catches up from the conversation list and history when they connect.
    const late = await storage.db.query<{ last_seq: number }>('SELECT last_seq::int AS last_seq FROM channels WHERE channel_id = $1', [`group:${groupId}`])
    expect(late.rows[0]!.last_seq).toBe(sent.sequence + 1)
    for (const c of [co, c1, c2, cx]) c.close()
  })

  it('keeps the whole member list on every process while the member version holds, and the first message after a change still follows the change', async () => {
    const [owner, stays, goes] = [await registerUser(s, '群主'), await registerUser(s, '留下'), await registerUser(s, '离开')]
    const { groupID: groupId, conversationID: gid } = await makeGroup(s, owner, [], [stays, goes], { groupName: '大社群二' })
    await addOfflineMembers(groupId, gid, '6', FANOUT_LIST_MAX + 10)
    const size = FANOUT_LIST_MAX + 13
    const [co, cs, cg] = [chatClient(s, owner.token), chatClient(s, stays.token), chatClient(peer, goes.token)]
    await Promise.all([co.ready, cs.ready, cg.ready])
    const sendAndWait = async (text: string, ...witnesses: typeof cs[]) => {
      const ack = await co.sendText(gid, text)
      expect(ack.type).toBe('ack')
      const seq = (ack.message as Message).sequence
      for (const w of witnesses) await w.next((f) => f.type === 'msg' && (f.message as Message).sequence === seq)
    }
    const keptSize = (server: TestServer) => server.built.ctx.memberLists.get(groupId)?.members?.length
    // Read whole when the members connected, on both processes, before any message.
    await Promise.all([s.built.gateway.memberListsRead(), peer.built.gateway.memberListsRead()])
    expect(keptSize(s)).toBe(size)
    expect(keptSize(peer)).toBe(size)
    await sendAndWait('一', cs, cg)
    await sendAndWait('二', cs, cg)

    // Ended by a statement outside the group routes, as another process would commit it.
    await storage.db.query('UPDATE group_members SET left_at = now(), leave_code = 4 WHERE group_id = $1 AND wt_id = $2', [groupId, goes.wtId])
    await sendAndWait('三', cs)
    // The list is read again beside the first fan-out after the change.
    await vi.waitFor(() => expect(keptSize(s)).toBe(size - 1))
    await vi.waitFor(() => expect(keptSize(peer)).toBe(size - 1))
    // The lookup that decides who gets 三 runs beside that read: it must see the membership 三 was sent under.
    await Promise.all([s.built.gateway.fanoutSettled(), peer.built.gateway.fanoutSettled()])
    await storage.db.query('UPDATE group_members SET left_at = NULL, leave_code = NULL WHERE group_id = $1 AND wt_id = $2', [groupId, goes.wtId])
    await sendAndWait('四', cs, cg)
    const texts = (c: typeof cs) => messagesOf(c.events()).map((m) => (m.payload as { text: string }).text)
    expect(texts(cs)).toEqual(['一', '二', '三', '四'])
    expect(texts(cg)).toEqual(['一', '二', '四'])
    for (const c of [co, cs, cg]) c.close()
  })
})
