import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import type { Conversation, Message } from '../../types/chat.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { makeGroup, type TestGroup } from './support/groups.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'

/**
 * Random sequences of what users do around private and group chats (sends, first chats, joins by
 * invite and by application, removals, quits, blacklists, friend and conversation deletions,
 * reconnects, a second device) on the real server. After every step, every message any user can
 * read or was pushed is one that was acknowledged, under the conversation it was sent to, to
 * someone who belonged to that conversation when it was sent, in order and exactly once.
 */

const USERS = 4
const RUNS = Number(process.env.ISOLATION_RUNS ?? 3)
const STEPS = 14

type Op =
  | { kind: 'sendC2C'; from: number; to: number; device: number }
  | { kind: 'sendGroup'; from: number; group: number; device: number }
  | { kind: 'invite'; group: number; who: number }
  | { kind: 'applyJoin'; group: number; who: number }
  | { kind: 'remove'; group: number; who: number }
  | { kind: 'quit'; group: number; who: number }
  | { kind: 'blacklist'; owner: number; target: number; on: boolean }
  | { kind: 'unfriend'; a: number; b: number }
  | { kind: 'deleteConversation'; who: number; c2cWith: number | null; group: number; clearHistory: boolean }
  | { kind: 'reconnect'; who: number; device: number }

const user = fc.integer({ min: 0, max: USERS - 1 })
const group = fc.integer({ min: 0, max: 1 })
const device = fc.integer({ min: 0, max: 1 })
const pair = fc.tuple(user, user).filter(([a, b]) => a !== b)

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sendC2C' as const), from: user, to: user, device }).filter((o) => o.from !== o.to) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sendGroup' as const), from: user, group, device }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('invite' as const), group, who: user }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('applyJoin' as const), group, who: user }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), group, who: user }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('quit' as const), group, who: user }) },
  { weight: 1, arbitrary: pair.chain(([owner, target]) => fc.record({ kind: fc.constant('blacklist' as const), owner: fc.constant(owner), target: fc.constant(target), on: fc.boolean() })) },
  { weight: 1, arbitrary: pair.map(([a, b]) => ({ kind: 'unfriend' as const, a, b })) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deleteConversation' as const), who: user, c2cWith: fc.option(user, { nil: null }), group, clearHistory: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reconnect' as const), who: user, device }) },
)

/** What was acknowledged: the conversation's channel and who belonged to it at that moment. */
interface Sent {
  text: string
  channel: string
  audience: Set<string>
}

const c2cChannel = (a: string, b: string) => (a < b ? `c2c:${a}:${b}` : `c2c:${b}:${a}`)

describe.each(BACKENDS)('messages stay in their conversation on %s', (backend) => {
  let s: TestServer
  let other: TestServer
  setupServers(backend, 2, (env) => {
    ;[s, other] = env.servers as [TestServer, TestServer]
  })

  async function api<T>(path: string, body: unknown, token: string): Promise<{ code: number; msg: string; data: T }> {
    return s.api<T>(path, body, { token })
  }

  async function run(ops: Op[]): Promise<void> {
    const users: TestUser[] = []
    for (let i = 0; i < USERS; i++) users.push(await registerUser(s, `用户${i}`))
    // Everyone is a friend of everyone at first, so deletions and blacklists have something to change.
    for (let i = 0; i < USERS; i++) for (let j = i + 1; j < USERS; j++) await befriend(s, users[i]!, users[j]!)
    // A second device of each user: its own session, on the other server process.
    const second: LoginResult[] = []
    for (const u of users) {
      const r = await s.api<LoginResult>('/api/user/login/pwd', { phone: u.phone, pwd: u.pwd })
      expect(r.code, r.msg).toBe(200)
      second.push(r.data)
    }
    const tokens = users.map((u, i) => [u.token, second[i]!.token])
    const clients: ChatClient[][] = tokens.map(([t0, t1]) => [chatClient(s, t0!), chatClient(other, t1!)])
    const retired: Array<{ owner: number; client: ChatClient }> = []
    await Promise.all(clients.flat().map((c) => c.ready))

    const owner = users[0]!
    const groups: TestGroup[] = [await makeGroup(s, owner, [], [users[1]!]), await makeGroup(s, owner, [], [users[2]!, users[3]!])]
    const members = async (g: TestGroup) => {
      const r = await api<{ rows: Array<{ wtId: string }> }>('/api/user/groupchat/member/list', { groupNumber: g.groupNumber, pageSize: 100 }, owner.token)
      expect(r.code, r.msg).toBe(200)
      return new Set(r.data.rows.map((m) => m.wtId))
    }
    const membership = [await members(groups[0]!), await members(groups[1]!)]
    const sent = new Map<string, Sent>()
    let counter = 0

    const send = async (from: number, dev: number, conversationID: string, channel: string, audience: Set<string>) => {
      const text = `m${++counter}-${randomUUID().slice(0, 8)}`
      // Recorded before the answer: a message pushed ahead of its acknowledgement is still known.
      sent.set(text, { text, channel, audience })
      const answer = await clients[from]![dev]!.send({ clientMsgId: randomUUID(), conversationID, type: 'TIMTextElem', payload: { text } })
      if (answer.type === 'ack') {
        const message = answer.message as Message
        expect(message.conversationID, 'acknowledged under the conversation it was sent to').toBe(conversationID)
        expect(message.payload).toEqual({ text })
      } else {
        expect(answer.type).toBe('nack')
        sent.delete(text)
      }
    }

    const step = async (o: Op) => {
      switch (o.kind) {
        case 'sendC2C': {
          const [a, b] = [users[o.from]!.wtId, users[o.to]!.wtId]
          return send(o.from, o.device, `C2C${b}`, c2cChannel(a, b), new Set([a, b]))
        }
        case 'sendGroup': {
          const g = groups[o.group]!
          return send(o.from, o.device, g.conversationID, `group:${g.groupID}`, new Set(membership[o.group]))
        }
        case 'invite':
          await api('/api/user/groupchat/member/batchInvite', { groupNumber: groups[o.group]!.groupNumber, wtIds: [users[o.who]!.wtId] }, owner.token)
          break
        case 'applyJoin': {
          const g = groups[o.group]!
          const who = users[o.who]!
          await api('/api/user/groupchat/member/activeJoin', { groupNumber: g.groupNumber, joinType: 3, applyMessage: '' }, who.token)
          await api('/api/user/groupchat/member/joinVerify', { groupNumber: g.groupNumber, wtId: who.wtId, handleAction: 'Agree' }, owner.token)
          break
        }
        case 'remove':
          await api('/api/user/groupchat/member/remove', { groupNumber: groups[o.group]!.groupNumber, wtIds: [users[o.who]!.wtId] }, owner.token)
          break
        case 'quit':
          if (o.who !== 0) await api('/api/user/groupchat/member/quit', { groupNumber: groups[o.group]!.groupNumber }, users[o.who]!.token)
          break
        case 'blacklist':
          await api(o.on ? '/api/user/friendBlack/add' : '/api/user/friendBlack/deleteByUserId', { friendWtId: users[o.target]!.wtId }, users[o.owner]!.token)
          break
        case 'unfriend':
          await api('/api/userFriends/delete', { friendsWtId: users[o.b]!.wtId }, users[o.a]!.token)
          break
        case 'deleteConversation': {
          const conversationID = o.c2cWith !== null && o.c2cWith !== o.who ? `C2C${users[o.c2cWith]!.wtId}` : groups[o.group]!.conversationID
          await api('/api/im/conversation/delete', { conversationID, clearHistory: o.clearHistory }, users[o.who]!.token)
          break
        }
        case 'reconnect': {
          const old = clients[o.who]![o.device]!
          old.close()
          retired.push({ owner: o.who, client: old })
          const fresh = chatClient(o.device === 0 ? s : other, tokens[o.who]![o.device]!)
          await fresh.ready
          clients[o.who]![o.device] = fresh
          break
        }
      }
      if (o.kind === 'invite' || o.kind === 'applyJoin' || o.kind === 'remove' || o.kind === 'quit') membership[o.group] = await members(groups[o.group]!)
    }

    /** A message `viewer` sees under `conversationID` must be one sent there, to them. */
    const checkSeen = (viewer: string, message: Message, where: string) => {
      const text = (message.payload as { text?: unknown }).text
      if (typeof text !== 'string' || !/^m\d+-/.test(text)) return
      const record = sent.get(text)
      expect(record, `${where}: ${viewer} sees ${text}, which was never acknowledged`).toBeDefined()
      const expectedId = record!.channel.startsWith('group:')
        ? `GROUP${record!.channel.slice(6)}`
        : `C2C${record!.channel.split(':').slice(1).find((id) => id !== viewer)}`
      expect(message.conversationID, `${where}: ${text} under another conversation`).toBe(expectedId)
      expect(record!.audience.has(viewer), `${where}: ${viewer} was not in ${record!.channel} when ${text} was sent`).toBe(true)
    }

    const verify = async (label: string) => {
      for (const [i, u] of users.entries()) {
        const token = tokens[i]![0]!
        const list = await api<Conversation[]>('/api/im/conversations', undefined, token)
        expect(list.code).toBe(200)
        const ids = new Set(list.data.map((c) => c.conversationID))
        for (const g of groups) ids.add(g.conversationID)
        for (const other of users) if (other.wtId !== u.wtId) ids.add(`C2C${other.wtId}`)
        for (const c of list.data) {
          if (c.lastMessage && c.lastMessage.sequence > 0) {
            const text = (c.lastMessage.payload as { text?: unknown }).text
            if (typeof text === 'string' && /^m\d+-/.test(text)) {
              const record = sent.get(text)
              expect(record, `${label}: ${u.wtId}'s list shows ${text} under ${c.conversationID}`).toBeDefined()
              expect(record!.audience.has(u.wtId), `${label}: ${u.wtId}'s list shows ${text} of ${record!.channel}`).toBe(true)
            }
          }
        }
        for (const conversationID of ids) {
          const page = await api<{ messages: Message[] }>('/api/im/messages/history', { conversationID, count: 100 }, token)
          if (page.code !== 200) continue
          const seqs = page.data.messages.map((m) => m.sequence)
          expect(new Set(seqs).size, `${label}: ${conversationID} repeats a message for ${u.wtId}`).toBe(seqs.length)
          expect([...seqs].sort((a, b) => a - b), `${label}: ${conversationID} out of order for ${u.wtId}`).toEqual(seqs)
          for (const m of page.data.messages) {
            expect(m.conversationID, `${label}: history of ${conversationID} holds a message of ${m.conversationID}`).toBe(conversationID)
            checkSeen(u.wtId, m, `${label} history`)
          }
        }
        // Everything pushed live to either device: same rule, and no message pushed twice to one socket.
        for (const c of [...clients[i]!, ...retired.filter((r) => r.owner === i).map((r) => r.client)]) {
          const pushed = c.events().filter((f) => f.type === 'msg').map((f) => f.message as Message)
          const keys = pushed.map((m) => m.ID)
          expect(new Set(keys).size, `${label}: a message pushed twice to ${u.wtId}`).toBe(keys.length)
          for (const m of pushed) checkSeen(u.wtId, m, `${label} push`)
        }
      }
    }

    try {
      for (const [n, o] of ops.entries()) {
        await step(o)
        await verify(`step ${n + 1} ${JSON.stringify(o)}`)
      }
      // Pushes are best-effort and asynchronous: let the last ones land, then look once more.
      await new Promise((r) => setTimeout(r, 200))
      await verify('after the last step')
    } finally {
      for (const c of [...clients.flat(), ...retired.map((r) => r.client)]) c.close()
    }
  }

  it('holds for random sequences of sends, joins, removals, blacklists, deletions, reconnects and second devices', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: STEPS }), run), { numRuns: RUNS, endOnFailure: true })
    // Each run registers and signs in eight sessions (scrypt) and reads every history after every step.
  }, 600_000)

  it('refuses a client ID that already names a message of another conversation, and answers a true retry with the original', async () => {
    const a = await registerUser(s, '甲')
    const b = await registerUser(s, '乙')
    const c = await registerUser(s, '丙')
    const g = await makeGroup(s, a, [], [c])
    const ca = chatClient(s, a.token)
    const cc = chatClient(s, c.token)
    await Promise.all([ca.ready, cc.ready])
    const clientMsgId = randomUUID()
    const first = await ca.send({ clientMsgId, conversationID: `C2C${b.wtId}`, type: 'TIMTextElem', payload: { text: '私聊' } })
    expect(first).toMatchObject({ type: 'ack', message: { conversationID: `C2C${b.wtId}` } })
    // Each answer is read on a socket of its own: a client matches answers by clientMsgId.
    const again = () => chatClient(s, a.token)
    const reusing = again()
    const reused = await reusing.send({ clientMsgId, conversationID: g.conversationID, type: 'TIMTextElem', payload: { text: '私聊' } })
    expect(reused).toMatchObject({ type: 'nack', code: 400, msg: 'clientMsgId: 该消息ID已用于其他会话' })
    const retrying = again()
    const retry = await retrying.send({ clientMsgId, conversationID: `C2C${b.wtId}`, type: 'TIMTextElem', payload: { text: '私聊' } })
    reusing.close()
    retrying.close()
    expect(retry).toMatchObject({ type: 'ack', message: { conversationID: `C2C${b.wtId}`, sequence: (first.message as Message).sequence } })
    const groupPage = await api<{ messages: Message[] }>('/api/im/messages/history', { conversationID: g.conversationID, count: 100 }, c.token)
    expect(groupPage.data.messages.some((m) => (m.payload as { text?: string }).text === '私聊')).toBe(false)
    expect(cc.events().some((f) => f.type === 'msg' && (f.message as Message).conversationID === g.conversationID && (f.message as Message).from === a.wtId)).toBe(false)
    ca.close()
    cc.close()
  })
})
