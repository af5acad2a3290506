import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import type { Message } from '../../types/chat.js'
import { ServerFrame } from '../../types/frames.js'
import { NoticeType } from '../../types/ws.js'
import { chatClient, unbatch } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { makeGroup } from './support/groups.js'
import { registerUser } from './support/users.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'

interface Drift {
  frame: Record<string, unknown>
  problem: unknown
}

/** Each frame that does not parse, or loses a field in parsing (a field the contract does not name). */
function drifted(frames: Array<Record<string, unknown>>): Drift[] {
  const out: Drift[] = []
  for (const frame of frames) {
    const parsed = ServerFrame.safeParse(frame)
    if (!parsed.success) out.push({ frame, problem: parsed.error.issues })
    else if (!isDeepStrictEqual(parsed.data, frame)) out.push({ frame, problem: { parsedAs: parsed.data } })
  }
  return out
}

describe.each(BACKENDS)('the frames a real session receives match ServerFrame on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
  })

  it('sends, typing, read, receipts, reactions, revokes, group and contacts events, and the session end', async () => {
    const [a, b, c] = await Promise.all(['甲', '乙', '丙'].map((n) => registerUser(s, n)))
    const second = await s.api<LoginResult>('/api/user/login/pwd', { phone: a.phone, pwd: a.pwd })
    const [ca, ca2, cb, cc] = [chatClient(s, a.token), chatClient(s, second.data.token), chatClient(s, b.token), chatClient(s, c.token)]
    await Promise.all([ca.ready, ca2.ready, cb.ready, cc.ready])
    const as = (token: string) => ({ token })

    ca.probe.ws.send(JSON.stringify({ type: 'ping', ts: 1 }))
    await ca.next((f) => f.type === 'pong')
    ca.probe.ws.send(JSON.stringify({ type: 'teleport' }))
    await ca.next((f) => f.type === 'error')

    const toB = `C2C${b.wtId}`
    const toA = `C2C${a.wtId}`
    const seq = ((await ca.sendText(toB, '你好')).message as Message).sequence
    await cb.next((f) => f.type === 'msg' && (f.message as Message).sequence === seq)
    expect((await ca.sendText(toB, '长'.repeat(13_000))).type).toBe('nack')
    ca.probe.ws.send(JSON.stringify({ type: 'typing', conversationID: toB, typing: true }))
    await cb.next((f) => f.type === 'typing')
    cb.probe.ws.send(JSON.stringify({ type: 'read', conversationID: toA, sequence: seq }))
    await ca.next((f) => f.type === 'read')
    await s.api('/api/im/message/reaction', { conversationID: toA, sequence: seq, reactionID: '[赞]', add: true }, as(b.token))
    await ca.next((f) => f.type === 'reaction')
    await s.api('/api/im/message/revoke', { conversationID: toB, sequence: seq }, as(a.token))
    await cb.next((f) => f.type === 'revoked')
    await s.api('/api/im/conversation/delete', { conversationID: toB }, as(second.data.token))
    await ca.next((f) => f.type === 'convDeleted')

    const g = await makeGroup(s, a, [], [b, c])
    await cc.next((f) => f.type === 'conv' && (f.conversation as { conversationID: string }).conversationID === g.conversationID)
    await s.api('/api/user/groupchat/edit', { groupNumber: g.groupNumber, groupName: '改名' }, as(a.token))
    await cc.next((f) => f.type === NoticeType.GroupChange)
    const groupSeq = ((await ca.sendText(g.conversationID, '群消息', { needReadReceipt: true })).message as Message).sequence
    await cb.next((f) => f.type === 'msg' && (f.message as Message).sequence === groupSeq)
    cb.probe.ws.send(JSON.stringify({ type: 'receipt', conversationID: g.conversationID, sequences: [groupSeq] }))
    await ca.next((f) => f.type === 'receipt')
    const memberSeq = ((await cb.sendText(g.conversationID, '撤回我')).message as Message).sequence
    await s.api('/api/user/groupchat/admin/withdrawMsg', { groupNumber: g.groupNumber, userWtId: b.wtId, msgSeq: memberSeq }, as(a.token))
    await cc.next((f) => f.type === NoticeType.Withdraw)

    await befriend(s, b, c)
    await cc.next((f) => f.type === 'friendApply')
    await cb.next((f) => f.type === 'friendChange')

    await s.api('/api/user/security/logoutAll', {}, as(a.token))
    await ca.next((f) => f.type === NoticeType.ForcedLogout)
    expect((await ca.probe.closed).code).toBe(4000)

    const frames = [ca, ca2, cb, cc].flatMap((client) => client.probe.frames)
    expect(drifted(frames)).toEqual([])
    const seen = new Set(unbatch(frames).map((f) => f.type))
    const sessionAndChat = ['hello', 'pong', 'error', 'ack', 'nack', 'msg', 'typing', 'read', 'receipt', 'conv', 'convDeleted', 'reaction', 'revoked']
    expect([...seen]).toEqual(expect.arrayContaining([...sessionAndChat, 'friendApply', 'friendChange', -1, 5, 7]))
    for (const client of [ca2, cb, cc]) client.close()
  })
})
