import { describe, expect, it } from 'vitest'
import type { Message } from '../../types/chat.js'
import { PRELOAD_MIN_MEMBERS } from '../src/app/groups/memberListPreload.js'
import { chatClient, messagesOf, type ChatClient } from './support/chat.js'
import { makeGroup } from './support/groups.js'
import { BACKENDS, setupServers, type Storage, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'

const G = '/api/user/groupchat/'

/**
 * A group send takes its member list from the process's cache while the group's member version
 * is unchanged (migration 017). Every check here sends once before the change, so the list is
 * kept, and then after the change has committed.
 */
describe.each(BACKENDS)('the kept member list of a group, on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  let peer: TestServer
  setupServers(backend, 2, (env) => {
    storage = env.storage
    ;[s, peer] = env.servers as [TestServer, TestServer]
  })

  const call = (path: string, body: unknown, u: TestUser) => s.api(G + path, body, { token: u.token })
  /** The texts a client received (group tips left out). */
  const textsOf = (c: ChatClient) =>
    messagesOf(c.events())
      .filter((m) => m.type === 'TIMTextElem')
      .map((m) => (m.payload as { text: string }).text)
  /** Sends `text` and waits until each of `witnesses` has it. */
  async function sendAndSettle(from: ChatClient, gid: string, text: string, ...witnesses: ChatClient[]) {
    const ack = await from.sendText(gid, text)
    expect(ack.type).toBe('ack')
    const id = (ack.message as Message).clientMsgId
    for (const w of witnesses) await w.next((f) => f.type === 'msg' && (f.message as Message).clientMsgId === id)
  }

  it('leaves out a removed member and one who quit, and includes one who joined, from the first send after the change', async () => {
    const [owner, stays, removed, quits, joins] = [
      await registerUser(s, '群主'),
      await registerUser(s, '留下'),
      await registerUser(s, '被移出'),
      await registerUser(s, '退群'),
      await registerUser(s, '新人'),
    ]
    const g = await makeGroup(s, owner, [], [stays, removed, quits])
    // The members sit on both processes; the sender on the first.
    const [co, cs, cr, cq, cj] = [chatClient(s, owner.token), chatClient(peer, stays.token), chatClient(s, removed.token), chatClient(peer, quits.token), chatClient(s, joins.token)]
    await Promise.all([co, cs, cr, cq, cj].map((c) => c.ready))

    await sendAndSettle(co, g.conversationID, '变更前', cs, cr, cq)

    expect((await call('member/remove', { groupNumber: g.groupNumber, wtIds: [removed.wtId] }, owner)).code).toBe(200)
    await sendAndSettle(co, g.conversationID, '移出后', cs, cq)
    expect((await call('member/quit', { groupNumber: g.groupNumber }, quits)).code).toBe(200)
    await sendAndSettle(co, g.conversationID, '退群后', cs)
    expect((await call('member/batchInvite', { groupNumber: g.groupNumber, wtIds: [joins.wtId] }, owner)).code).toBe(200)
    await sendAndSettle(co, g.conversationID, '入群后', cs, cj)

    // A last message, sent after every other and received by both processes' members: the fan-outs
    // of one group reach a process in order, so nothing earlier is still on its way.
    await sendAndSettle(co, g.conversationID, '结束', cs, cj)
    expect(textsOf(cs)).toEqual(['变更前', '移出后', '退群后', '入群后', '结束'])
    expect(textsOf(cr)).toEqual(['变更前'])
    expect(textsOf(cq)).toEqual(['变更前', '移出后'])
    expect(textsOf(cj)).toEqual(['入群后', '结束'])
    for (const c of [co, cs, cr, cq, cj]) c.close()
  })

  it('notices a membership ended by a statement outside the group routes', async () => {
    const [owner, stays, gone] = [await registerUser(s, '群主'), await registerUser(s, '留下'), await registerUser(s, '离开')]
    const g = await makeGroup(s, owner, [], [stays, gone])
    const [co, cs, cg] = [chatClient(s, owner.token), chatClient(peer, stays.token), chatClient(peer, gone.token)]
    await Promise.all([co, cs, cg].map((c) => c.ready))
    await sendAndSettle(co, g.conversationID, '之前', cg)
    // What another process (or an operator's tool) would commit: no route of this process runs.
    await storage.db.query('UPDATE group_members SET left_at = now(), leave_code = 4 WHERE group_id = $1 AND wt_id = $2', [g.groupID, gone.wtId])
    await sendAndSettle(co, g.conversationID, '之后', cs)
    await sendAndSettle(co, g.conversationID, '结束', cs)
    expect(textsOf(cg)).toEqual(['之前'])
    // Back in by a statement again: the next send reaches them.
    await storage.db.query('UPDATE group_members SET left_at = NULL, leave_code = NULL WHERE group_id = $1 AND wt_id = $2', [g.groupID, gone.wtId])
    await sendAndSettle(co, g.conversationID, '回来', cg)
    expect(textsOf(cg)).toEqual(['之前', '回来'])
    for (const c of [co, cs, cg]) c.close()
  })

  /** Members who never connect, as joining would leave them, so the group reaches `size`. */
  async function fillGroup(groupId: string, size: number) {
    const { rows } = await storage.db.query<{ n: number }>('SELECT count(*)::int AS n FROM group_members WHERE group_id = $1 AND left_at IS NULL', [groupId])
    const extra = size - rows[0]!.n
    const prefix = `8${groupId.slice(-3)}`
    await storage.db.query(
      `INSERT INTO users (wt_id, phone, pwd_hash, nick_name, avatar)
       SELECT $1 || lpad(n::text, 5, '0'), 'P' || $1 || n, 'x', 'm' || n, '' FROM generate_series(1, $2::int) AS n`,
      [prefix, extra],
    )
    await storage.db.query(`INSERT INTO group_members (group_id, wt_id) SELECT $1, $2 || lpad(n::text, 5, '0') FROM generate_series(1, $3::int) AS n`, [groupId, prefix, extra])
  }
  const keptOn = (server: TestServer, groupId: string) => server.built.ctx.memberLists.has(groupId)

  it('reads the list of a large group ahead when a member connects, and still sees a membership change made before the first send', async () => {
    const [owner, stays, removed, joins] = [await registerUser(s, '群主'), await registerUser(s, '留下'), await registerUser(s, '被移出'), await registerUser(s, '新人')]
    const g = await makeGroup(s, owner, [], [stays, removed])
    await fillGroup(g.groupID, PRELOAD_MIN_MEMBERS)
    const [co, cs, cr, cj] = [chatClient(s, owner.token), chatClient(peer, stays.token), chatClient(s, removed.token), chatClient(peer, joins.token)]
    await Promise.all([co, cs, cr, cj].map((c) => c.ready))
    await Promise.all([s.built.gateway.memberListsRead(), peer.built.gateway.memberListsRead()])
    // Read ahead on both processes, before any send.
    expect(keptOn(s, g.groupID)).toBe(true)
    expect(keptOn(peer, g.groupID)).toBe(true)

    expect((await call('member/remove', { groupNumber: g.groupNumber, wtIds: [removed.wtId] }, owner)).code).toBe(200)
    expect((await call('member/batchInvite', { groupNumber: g.groupNumber, wtIds: [joins.wtId] }, owner)).code).toBe(200)
    await sendAndSettle(co, g.conversationID, '变更后', cs, cj)
    await sendAndSettle(co, g.conversationID, '结束', cs, cj)
    expect(textsOf(cs)).toEqual(['变更后', '结束'])
    expect(textsOf(cj)).toEqual(['变更后', '结束'])
    expect(textsOf(cr)).toEqual([])
    for (const c of [co, cs, cr, cj]) c.close()
  })

  it('does not read ahead the list of a small group', async () => {
    const [owner, member] = [await registerUser(s, '群主'), await registerUser(s, '成员')]
    const small = await makeGroup(s, owner, [], [member])
    const large = await makeGroup(s, owner, [], [member])
    await fillGroup(large.groupID, PRELOAD_MIN_MEMBERS)
    const cm = chatClient(peer, member.token)
    await cm.ready
    await peer.built.gateway.memberListsRead()
    expect(keptOn(peer, large.groupID)).toBe(true)
    expect(keptOn(peer, small.groupID)).toBe(false)
    cm.close()
  })

  it('tells a keystroke to the members of the kept list, and not to one removed since', async () => {
    const [owner, stays, gone] = [await registerUser(s, '群主'), await registerUser(s, '留下'), await registerUser(s, '离开')]
    const g = await makeGroup(s, owner, [], [stays, gone])
    // Both watchers on one process: one fan-out writes to both in the same pass.
    const [co, cs, cg] = [chatClient(s, owner.token), chatClient(peer, stays.token), chatClient(peer, gone.token)]
    await Promise.all([co, cs, cg].map((c) => c.ready))
    await sendAndSettle(co, g.conversationID, '之前', cs, cg)
    const typingFrames = (c: ChatClient) => c.events().filter((f) => f.type === 'typing' && f.conversationID === g.conversationID)
    co.probe.ws.send(JSON.stringify({ type: 'typing', conversationID: g.conversationID, typing: true }))
    await cs.next((f) => f.type === 'typing' && f.typing === true)
    await cg.next((f) => f.type === 'typing' && f.typing === true)
    await storage.db.query('UPDATE group_members SET left_at = now(), leave_code = 4 WHERE group_id = $1 AND wt_id = $2', [g.groupID, gone.wtId])
    co.probe.ws.send(JSON.stringify({ type: 'typing', conversationID: g.conversationID, typing: false }))
    await cs.next((f) => f.type === 'typing' && f.typing === false)
    await new Promise((r) => setTimeout(r, 200))
    expect(typingFrames(cs).map((f) => f.typing)).toEqual([true, false])
    expect(typingFrames(cg).map((f) => f.typing)).toEqual([true])
    // The one who is typing is not told.
    expect(typingFrames(co)).toEqual([])
    for (const c of [co, cs, cg]) c.close()
  })

  it('changes the version only when a membership starts or ends', async () => {
    const [owner, member] = [await registerUser(s, '群主'), await registerUser(s, '成员')]
    const g = await makeGroup(s, owner, [], [member])
    const version = async () =>
      (await storage.db.query<{ v: string }>('SELECT member_version::text AS v FROM groups WHERE group_id = $1', [g.groupID])).rows[0]!.v
    const created = await version()
    expect(created).not.toBe('0')
    const co = chatClient(s, owner.token)
    await co.ready
    // A send (which stamps the sender's last_send_at), a mute and a name card leave the list as it is.
    expect((await co.sendText(g.conversationID, '你好')).type).toBe('ack')
    expect((await call('admin/batchMuted', { groupNumber: g.groupNumber, wtIds: [member.wtId], muteTime: 60 }, owner)).code).toBe(200)
    await storage.db.query("UPDATE group_members SET group_nickname = '名片' WHERE group_id = $1 AND wt_id = $2", [g.groupID, member.wtId])
    expect(await version()).toBe(created)
    expect((await call('member/remove', { groupNumber: g.groupNumber, wtIds: [member.wtId] }, owner)).code).toBe(200)
    expect(await version()).not.toBe(created)
    co.close()
  })
})
