import { describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import type { Conversation, LastMessage, Message } from '../../types/chat.js'
import { newInviteID, sendSignal, signal, signalOf } from './support/calls.js'
import { chatClient } from './support/chat.js'
import { BACKENDS, freshPhone, setupServers, type Storage, type TestServer } from './support/server.js'

/** data.call_end of a pushed call message, if it carries one. */
const callEndOf = (f: Record<string, unknown>) => (signalOf(f)?.data as { call_end?: number } | undefined)?.call_end
const storedCallEnd = (m: Message | LastMessage | null | undefined) => (JSON.parse(String(m?.payload.data)) as { data: { call_end?: number } }).data.call_end

describe.each(BACKENDS)('call signaling on %s', (backend) => {
  let s: TestServer
  let peer: TestServer
  let storage: Storage
  setupServers(backend, 2, (env) => {
    ;[s, peer] = env.servers as [TestServer, TestServer]
    storage = env.storage
  })

  async function user(nick = '用户') {
    const { data } = await s.api<LoginResult>('/api/user/login/register', { phone: freshPhone(), pwd: 'secret123', nickName: nick })
    return data
  }
  const history = async (token: string, conversationID: string) =>
    (await s.api<{ messages: Message[] }>('/api/im/messages/history', { conversationID, count: 50 }, { token })).data.messages

  /** An audio call `a` places to `b`, ringing, with each on their own server process. */
  async function ringing(a: LoginResult, b: LoginResult) {
    const ca = chatClient(s, a.token)
    const cb = chatClient(peer, b.token)
    await Promise.all([ca.ready, cb.ready])
    const id = newInviteID()
    await sendSignal(ca, b.wtId, signal(id, a.wtId, b.wtId, 1, { data: { cmd: 'audioCall', inviter: a.wtId } }))
    return { ca, cb, id }
  }
  /** The same call once `b` has answered it. */
  async function connected(a: LoginResult, b: LoginResult) {
    const call = await ringing(a, b)
    expect((await sendSignal(call.cb, a.wtId, signal(call.id, a.wtId, b.wtId, 3))).type).toBe('ack')
    await call.ca.next((f) => signalOf(f)?.actionType === 3)
    return call
  }

  it('carries invite, accept, offer, answer, candidates and hangup between two sockets, and stores the records', async () => {
    const a = await user('甲')
    const b = await user('乙')
    const ca = chatClient(s, a.token)
    const cb = chatClient(peer, b.token)
    await Promise.all([ca.ready, cb.ready])
    const id = newInviteID()

    expect((await sendSignal(ca, b.wtId, signal(id, a.wtId, b.wtId, 1, { data: { cmd: 'videoCall', inviter: a.wtId } }))).type).toBe('ack')
    const invite = await cb.next((f) => signalOf(f)?.actionType === 1)
    expect(signalOf(invite)).toMatchObject({ inviteID: id, inviter: a.wtId, inviteeList: [b.wtId], data: { call_type: 2 } })

    expect((await sendSignal(cb, a.wtId, signal(id, a.wtId, b.wtId, 3))).type).toBe('ack')
    await ca.next((f) => signalOf(f)?.actionType === 3)

    // Negotiation frames are relayed, not stored.
    ca.probe.ws.send(JSON.stringify({ type: 'rtc', inviteID: id, to: b.wtId, payload: { kind: 'offer', sdp: 'v=0 offer' } }))
    const offer = await cb.next((f) => f.type === 'rtc')
    expect(offer).toEqual({ type: 'rtc', inviteID: id, from: a.wtId, payload: { kind: 'offer', sdp: 'v=0 offer' } })
    cb.probe.ws.send(JSON.stringify({ type: 'rtc', inviteID: id, to: a.wtId, payload: { kind: 'answer', sdp: 'v=0 answer' } }))
    cb.probe.ws.send(JSON.stringify({ type: 'rtc', inviteID: id, to: a.wtId, payload: { kind: 'candidate', candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 } }))
    await ca.next((f) => f.type === 'rtc' && (f.payload as { kind: string }).kind === 'answer')
    const cand = await ca.next((f) => f.type === 'rtc' && (f.payload as { kind: string }).kind === 'candidate')
    expect(cand.payload).toMatchObject({ sdpMid: '0', sdpMLineIndex: 0 })

    const hangup = signal(id, a.wtId, b.wtId, 1, { call_end: 7, data: { cmd: 'hangup' } })
    expect((await sendSignal(ca, b.wtId, hangup)).type).toBe('ack')
    // The call was connected on the server for well under the 7 seconds the client claims.
    expect(callEndOf(await cb.next((f) => callEndOf(f) !== undefined))).toBeLessThanOrEqual(1)

    // After the end the relay is closed.
    ca.probe.ws.send(JSON.stringify({ type: 'rtc', inviteID: id, to: b.wtId, payload: { kind: 'offer', sdp: 'late' } }))
    const refused = await ca.next((f) => f.type === 'error')
    expect(refused).toMatchObject({ code: 403 })

    const records = (await history(b.token, `C2C${a.wtId}`)).map((m) => JSON.parse(String(m.payload.data)).actionType)
    expect(records).toEqual([1, 3, 1])
    ca.close()
    cb.close()
  })

  it('counts only the call steps with a card as unread: never the invite nor a one-to-one accept', async () => {
    const a = await user('甲')
    const b = await user('乙')
    const ca = chatClient(s, a.token)
    const cb = chatClient(peer, b.token)
    await Promise.all([ca.ready, cb.ready])
    const unread = async (token: string, conversationID: string) =>
      (await s.api<Conversation[]>('/api/im/conversations', undefined, { token })).data.find((c) => c.conversationID === conversationID)?.unreadCount
    const id = newInviteID()
    await sendSignal(ca, b.wtId, signal(id, a.wtId, b.wtId, 1, { data: { cmd: 'videoCall', inviter: a.wtId } }))
    await cb.next((f) => signalOf(f)?.actionType === 1)
    expect(await unread(b.token, `C2C${a.wtId}`)).toBe(0)
    // While the call runs the caller's conversation holds the callee's accept: no badge for it.
    await sendSignal(cb, a.wtId, signal(id, a.wtId, b.wtId, 3))
    await ca.next((f) => signalOf(f)?.actionType === 3)
    expect(await unread(a.token, `C2C${b.wtId}`)).toBe(0)
    // The duration card is a message to read (it is the caller's, whoever hung up, so the callee
    // reads it); so is a missed call's card, once (not its invite too).
    const hungUp = await sendSignal(cb, a.wtId, signal(id, a.wtId, b.wtId, 1, { call_end: 4, data: { cmd: 'hangup' } }))
    await ca.next((f) => callEndOf(f) !== undefined)
    expect(await unread(b.token, `C2C${a.wtId}`)).toBe(1)
    expect(await unread(a.token, `C2C${b.wtId}`)).toBe(0)
    cb.probe.ws.send(JSON.stringify({ type: 'read', conversationID: `C2C${a.wtId}`, sequence: (hungUp.message as Message).sequence }))
    await expect.poll(() => unread(b.token, `C2C${a.wtId}`)).toBe(0)
    const missed = newInviteID()
    await sendSignal(ca, b.wtId, signal(missed, a.wtId, b.wtId, 1, { data: { cmd: 'audioCall', inviter: a.wtId } }))
    await sendSignal(ca, b.wtId, signal(missed, a.wtId, b.wtId, 2))
    await cb.next((f) => signalOf(f)?.inviteID === missed && signalOf(f)?.actionType === 2)
    expect(await unread(b.token, `C2C${a.wtId}`)).toBe(1)
    // Other custom messages still count.
    await ca.send({ clientMsgId: `plain-${missed}`, conversationID: `C2C${b.wtId}`, type: 'TIMCustomElem', payload: { data: '{"businessID":"order"}' } })
    await cb.next((f) => f.type === 'msg' && (f.message as Message).clientMsgId === `plain-${missed}`)
    expect(await unread(b.token, `C2C${a.wtId}`)).toBe(2)
    ca.close()
    cb.close()
  })

  it('stores a one-to-one call record as the caller\'s, whoever hangs up, and refuses a hang up naming another inviter', async () => {
    const a = await user('主叫')
    const b = await user('被叫')
    const { ca, cb, id } = await connected(a, b)
    // A hang up that names the callee as the inviter would be written in the wrong name.
    expect(await sendSignal(cb, a.wtId, signal(id, b.wtId, a.wtId, 1, { call_end: 9, data: { cmd: 'hangup' } }))).toMatchObject({ type: 'nack', code: 400 })

    const ack = await sendSignal(cb, a.wtId, signal(id, a.wtId, b.wtId, 1, { call_end: 6, data: { cmd: 'hangup' } }))
    expect(ack).toMatchObject({ type: 'ack', message: { from: a.wtId, conversationID: `C2C${a.wtId}` } })
    const atCaller = await ca.next((f) => callEndOf(f) !== undefined)
    expect(atCaller.message).toMatchObject({ from: a.wtId, conversationID: `C2C${b.wtId}` })
    expect((await history(a.token, `C2C${b.wtId}`)).at(-1)).toMatchObject({ from: a.wtId })
    expect((await history(b.token, `C2C${a.wtId}`)).at(-1)).toMatchObject({ from: a.wtId })
    ca.close()
    cb.close()
  })

  const lastMessage = async (token: string, conversationID: string) =>
    (await s.api<Conversation[]>('/api/im/conversations', undefined, { token })).data.find((c) => c.conversationID === conversationID)?.lastMessage

  it('stores a one-to-one call record with the duration the server measured from the accept, whatever the hanging-up side says', async () => {
    const a = await user('主叫')
    const b = await user('被叫')
    const { ca, cb, id } = await connected(a, b)
    await new Promise((r) => setTimeout(r, 2100))
    // The callee's widget measured nothing (it hangs up with 0): the record still says 2 seconds.
    const ack = await sendSignal(cb, a.wtId, signal(id, a.wtId, b.wtId, 1, { call_end: 0, data: { cmd: 'hangup' } }))
    expect(ack.type).toBe('ack')
    const seconds = storedCallEnd(ack.message as Message)!
    expect(seconds).toBeGreaterThanOrEqual(2)
    expect(seconds).toBeLessThanOrEqual(3)
    // Both people, history, search and the conversation list all read the same length.
    expect(callEndOf(await ca.next((f) => signalOf(f)?.inviteID === id && callEndOf(f) !== undefined))).toBe(seconds)
    expect(storedCallEnd((await history(a.token, `C2C${b.wtId}`)).at(-1))).toBe(seconds)
    expect(storedCallEnd((await history(b.token, `C2C${a.wtId}`)).at(-1))).toBe(seconds)
    const found = (await s.api<{ messages: Message[] }>('/api/im/messages/search', { conversationID: `C2C${a.wtId}` }, { token: b.token })).data.messages
    expect(found.filter((m) => storedCallEnd(m) !== undefined).map(storedCallEnd)).toEqual([seconds])
    expect(storedCallEnd(await lastMessage(a.token, `C2C${b.wtId}`))).toBe(seconds)
    expect(storedCallEnd(await lastMessage(b.token, `C2C${a.wtId}`))).toBe(seconds)
    ca.close()
    cb.close()
  })

  it('does not let a client inflate the duration: a long claim is replaced by the server\'s', async () => {
    const a = await user('甲')
    const b = await user('乙')
    const { ca, cb, id } = await connected(a, b)
    // The call has been connected for two minutes on the server's clock.
    await storage.db.query(`UPDATE call_sessions SET accepted_at = accepted_at - interval '125 seconds' WHERE invite_id = $1`, [id])
    const ack = await sendSignal(ca, b.wtId, signal(id, a.wtId, b.wtId, 1, { call_end: 86_400, data: { cmd: 'hangup' } }))
    const seconds = storedCallEnd(ack.message as Message)!
    expect(seconds).toBeGreaterThanOrEqual(125)
    expect(seconds).toBeLessThanOrEqual(126)
    expect(callEndOf(await cb.next((f) => signalOf(f)?.inviteID === id && callEndOf(f) !== undefined))).toBe(seconds)
    // A second hang up (both sides pressed it) reads the same ended call: the same length.
    const again = await sendSignal(cb, a.wtId, signal(id, a.wtId, b.wtId, 1, { call_end: 3, data: { cmd: 'hangup' } }))
    expect(storedCallEnd(again.message as Message)).toBe(seconds)
    ca.close()
    cb.close()
  })

  it('keeps a call nobody answered at 0: the cancel record as sent, a hang up of it with no length', async () => {
    const a = await user('甲')
    const b = await user('乙')
    const { ca, cb, id } = await ringing(a, b)
    await new Promise((r) => setTimeout(r, 1100))
    const cancel = signal(id, a.wtId, b.wtId, 2)
    const cancelled = await sendSignal(ca, b.wtId, cancel)
    expect(JSON.parse(String((cancelled.message as Message).payload.data))).toEqual(cancel)
    expect(storedCallEnd(cancelled.message as Message)).toBeUndefined()
    const hangup = await sendSignal(ca, b.wtId, signal(id, a.wtId, b.wtId, 1, { call_end: 30, data: { cmd: 'hangup' } }))
    expect(storedCallEnd(hangup.message as Message)).toBe(0)
    expect(callEndOf(await cb.next((f) => signalOf(f)?.inviteID === id && callEndOf(f) !== undefined))).toBe(0)
    ca.close()
    cb.close()
  })

  it('refuses malformed call messages, strangers and relays outside a call, and keeps the socket', async () => {
    const a = await user()
    const b = await user()
    const c = await user()
    const ca = chatClient(s, a.token)
    const cc = chatClient(s, c.token)
    await Promise.all([ca.ready, cc.ready])
    const bad = await sendSignal(ca, b.wtId, { businessID: 1, inviteID: newInviteID(), actionType: 9, inviter: a.wtId, inviteeList: [b.wtId], data: { call_type: 2 } })
    expect(bad).toMatchObject({ type: 'nack', code: 400 })
    expect(String(bad.msg)).toMatch(/^payload\.data\.actionType/)
    // The inviter must be the sender, and the invitee the conversation's peer.
    expect(await sendSignal(ca, b.wtId, signal(newInviteID(), b.wtId, a.wtId, 1))).toMatchObject({ type: 'nack', code: 400 })
    expect(await sendSignal(ca, b.wtId, signal(newInviteID(), a.wtId, c.wtId, 1))).toMatchObject({ type: 'nack', code: 400 })
    const id = newInviteID()
    expect((await sendSignal(ca, b.wtId, signal(id, a.wtId, b.wtId, 1))).type).toBe('ack')
    // A third user can neither accept nor cancel the call, nor send it media frames.
    expect(await sendSignal(cc, b.wtId, signal(id, a.wtId, b.wtId, 3))).toMatchObject({ type: 'nack', code: 400 })
    // Only the invitee accepts; only the inviter cancels.
    expect(await sendSignal(ca, b.wtId, signal(id, a.wtId, b.wtId, 3))).toMatchObject({ type: 'nack', code: 400 })
    cc.probe.ws.send(JSON.stringify({ type: 'rtc', inviteID: id, to: b.wtId, payload: { kind: 'offer', sdp: 'x' } }))
    expect(await cc.next((f) => f.type === 'error')).toMatchObject({ code: 403 })
    ca.probe.ws.send(JSON.stringify({ type: 'rtc', inviteID: id, to: b.wtId, payload: { kind: 'bogus' } }))
    expect(String((await ca.next((f) => f.type === 'error')).msg)).toMatch(/^payload/)
    // Ordinary custom messages are untouched.
    expect((await ca.send({ clientMsgId: `plain-${id}`, conversationID: `C2C${b.wtId}`, type: 'TIMCustomElem', payload: { data: '{"businessID":"order"}' } })).type).toBe('ack')
    expect(ca.probe.ws.readyState).toBe(1)
    ca.close()
    cc.close()
  })

  it('answers an invite to a callee in another call with a busy reject in the callee name', async () => {
    const a = await user('甲')
    const b = await user('乙')
    const c = await user('丙')
    const ca = chatClient(s, a.token)
    const cb = chatClient(s, b.token)
    const cc = chatClient(peer, c.token)
    await Promise.all([ca.ready, cb.ready, cc.ready])
    const first = newInviteID()
    await sendSignal(ca, b.wtId, signal(first, a.wtId, b.wtId, 1))
    await sendSignal(cb, a.wtId, signal(first, a.wtId, b.wtId, 3))

    const second = newInviteID()
    expect((await sendSignal(cc, b.wtId, signal(second, c.wtId, b.wtId, 1))).type).toBe('ack')
    const busy = await cc.next((f) => signalOf(f)?.actionType === 4)
    expect(signalOf(busy)).toMatchObject({ inviteID: second, data: { line_busy: 'line_busy' } })
    expect((busy.message as Message).from).toBe(b.wtId)
    const toCallee = await cb.next((f) => signalOf(f)?.inviteID === second && signalOf(f)?.actionType === 4)
    expect(toCallee).toBeTruthy()

    // Once the first call ends, the callee can be called again. The hang up carries its call_end
    // alone: every reader takes that for a hang up (types/callSteps.ts), and so does the call's state.
    await sendSignal(ca, b.wtId, signal(first, a.wtId, b.wtId, 1, { call_end: 3 }))
    const third = newInviteID()
    await sendSignal(cc, b.wtId, signal(third, c.wtId, b.wtId, 1))
    await cb.next((f) => signalOf(f)?.inviteID === third)
    await new Promise((r) => setTimeout(r, 300))
    expect(cc.events().some((f) => signalOf(f)?.inviteID === third && signalOf(f)?.actionType === 4)).toBe(false)
    ca.close()
    cb.close()
    cc.close()
  })

  it('a ringing call that timed out no longer makes the callee busy, and the timeout record ends it', async () => {
    const a = await user()
    const b = await user()
    const c = await user()
    const ca = chatClient(s, a.token)
    const cc = chatClient(s, c.token)
    await Promise.all([ca.ready, cc.ready])
    const id = newInviteID()
    await sendSignal(ca, b.wtId, signal(id, a.wtId, b.wtId, 1, {}, 1))
    await new Promise((r) => setTimeout(r, 1200))
    const other = newInviteID()
    await sendSignal(cc, b.wtId, signal(other, c.wtId, b.wtId, 1))
    await new Promise((r) => setTimeout(r, 300))
    expect(cc.events().some((f) => signalOf(f)?.actionType === 4)).toBe(false)

    // The caller's timeout record closes the call for relays.
    expect((await sendSignal(ca, b.wtId, signal(id, a.wtId, b.wtId, 5, {}, 1))).type).toBe('ack')
    ca.probe.ws.send(JSON.stringify({ type: 'rtc', inviteID: id, to: b.wtId, payload: { kind: 'offer', sdp: 'x' } }))
    expect(await ca.next((f) => f.type === 'error')).toMatchObject({ code: 403 })
    ca.close()
    cc.close()
  })
})
