import type { OutgoingMessageInput } from '@/engines/chat/ChatEngine'
import { LocalSendError, SendFailure } from '@/engines/chat/ChatEngine'
import { SelfHostedChatEngine } from '@/engines/chat/selfhosted/SelfHostedChatEngine'
import { chatRoutes } from '@shared/routes/chat'
import { FakeImHttp } from '../helpers/fakeImHttp'
import { FakeSocketFactory } from '../helpers/fakeSocket'
import { conversation, message } from '../helpers/chatFixtures'
import * as wireChecks from '@/engines/chat/selfhosted/frames'

const USER = { userID: '10000001', userSig: 'sig' }
const HELLO = { type: 'hello', protocolVersion: 1, wtId: '10000001' }
const TO = 'C2C10000002'

async function loggedIn() {
  jest.useFakeTimers()
  const sockets = new FakeSocketFactory()
  const http = new FakeImHttp()
  const engine = new SelfHostedChatEngine({ socket: sockets, http, sessionToken: () => 'tok', random: () => 0, sendAckTimeoutMs: 30_000, wireChecks })
  const login = engine.login(USER)
  sockets.last.open()
  sockets.last.receive(HELLO)
  await login
  return { engine, sockets, http }
}

const text = (clientMsgId: string, t = '你好'): OutgoingMessageInput => ({ clientMsgId, conversationID: TO, type: 'TIMTextElem', payload: { text: t } })
const sendFrames = (sent: unknown[]) => sent.filter((f) => (f as { type: string }).type === 'send') as Array<{ message: { clientMsgId: string } }>

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
})
afterEach(() => jest.useRealTimers())

test('a send resolves with the stored message on its ack', async () => {
  const { engine, sockets } = await loggedIn()
  const sending = engine.sendMessage(text('client-0001'))
  const [frame] = sendFrames(sockets.last.sentFrames())
  expect(frame!.message).toMatchObject({ clientMsgId: 'client-0001', conversationID: TO, atUserList: [], needReadReceipt: false, cloudCustomData: '' })
  const stored = message({ conversationID: TO, sequence: 7, from: '10000001', clientMsgId: 'client-0001' })
  sockets.last.receive({ type: 'ack', clientMsgId: 'client-0001', message: stored })
  await expect(sending).resolves.toEqual(stored)
})

test('a nack rejects with a SendFailure carrying the code and risk flag', async () => {
  const { engine, sockets } = await loggedIn()
  const sending = engine.sendMessage(text('client-0002'))
  sockets.last.receive({ type: 'nack', clientMsgId: 'client-0002', code: 80001, msg: '内容违规', hasRiskContent: true, message: null })
  const err = await sending.catch((e: unknown) => e)
  expect(err).toBeInstanceOf(SendFailure)
  expect(err).toMatchObject({ code: 80001, msg: '内容违规', hasRiskContent: true })
})

test('a send unacknowledged when the socket drops goes again after the reconnect, with the same clientMsgId', async () => {
  const { engine, sockets } = await loggedIn()
  const sending = engine.sendMessage(text('client-0003'))
  expect(sendFrames(sockets.last.sentFrames())).toHaveLength(1)
  sockets.last.drop(1006)
  // Sent while down: waits, unwritten.
  const second = engine.sendMessage(text('client-0004', '断线时发送'))
  jest.advanceTimersByTime(1000)
  expect(sockets.sockets).toHaveLength(2)
  sockets.last.open()
  expect(sendFrames(sockets.last.sentFrames())).toHaveLength(0)
  sockets.last.receive(HELLO)
  const resent = sendFrames(sockets.last.sentFrames()).map((f) => f.message.clientMsgId)
  expect(resent).toEqual(['client-0003', 'client-0004'])
  const m3 = message({ conversationID: TO, sequence: 1, from: '10000001', clientMsgId: 'client-0003' })
  const m4 = message({ conversationID: TO, sequence: 2, from: '10000001', clientMsgId: 'client-0004' })
  sockets.last.receive({ type: 'batch', frames: [{ type: 'ack', clientMsgId: 'client-0003', message: m3 }, { type: 'ack', clientMsgId: 'client-0004', message: m4 }] })
  await expect(sending).resolves.toEqual(m3)
  await expect(second).resolves.toEqual(m4)
})

test('the same clientMsgId sent twice is one send', async () => {
  const { engine, sockets } = await loggedIn()
  const a = engine.sendMessage(text('client-0005'))
  const b = engine.sendMessage(text('client-0005'))
  expect(sendFrames(sockets.last.sentFrames())).toHaveLength(1)
  const stored = message({ conversationID: TO, sequence: 1, from: '10000001', clientMsgId: 'client-0005' })
  sockets.last.receive({ type: 'ack', clientMsgId: 'client-0005', message: stored })
  await expect(Promise.all([a, b])).resolves.toEqual([stored, stored])
})

test('no ack in time while connected fails the send; the ack timer pauses while disconnected', async () => {
  const { engine, sockets } = await loggedIn()
  const sending = engine.sendMessage(text('client-0006')).catch((e: unknown) => e)
  sockets.last.drop(1006)
  jest.advanceTimersByTime(60_000)
  sockets.last.open()
  sockets.last.receive(HELLO)
  jest.advanceTimersByTime(29_000)
  let settled = false
  void sending.then(() => (settled = true))
  await Promise.resolve()
  expect(settled).toBe(false)
  jest.advanceTimersByTime(1_000)
  expect(await sending).toMatchObject({ code: LocalSendError.Timeout })
})

test('an invalid message is refused before it is sent; logout cancels waiting sends', async () => {
  const { engine, sockets } = await loggedIn()
  await expect(engine.sendMessage({ ...text('short'), clientMsgId: 'x' })).rejects.toMatchObject({ code: LocalSendError.Invalid })
  sockets.last.drop(1006)
  const waiting = engine.sendMessage(text('client-0007'))
  await engine.logout()
  await expect(waiting).rejects.toMatchObject({ code: LocalSendError.Cancelled })
})

test('chat frames become typed events; batches are unwrapped and a bad frame inside one is dropped alone', async () => {
  const { engine, sockets } = await loggedIn()
  const seen: Array<[string, unknown]> = []
  for (const e of ['message', 'typing', 'peerRead', 'receipt', 'conversationChanged', 'conversationDeleted'] as const) {
    engine.on(e, (p: unknown) => seen.push([e, p]))
  }
  const m = message({ conversationID: TO, sequence: 3 })
  const conv = conversation(TO, { lastSequence: 3 })
  sockets.last.receive({
    type: 'batch',
    frames: [
      { type: 'msg', message: m },
      { type: 'msg', message: { ...m, sequence: 'three' } },
      { type: 'typing', conversationID: TO, from: '10000002', typing: true },
      { type: 'read', conversationID: TO, reader: '10000002', sequence: 3 },
      { type: 'receipt', conversationID: 'GROUPg', sequence: 2, readCount: 1, unreadCount: 1 },
      { type: 'conv', conversation: conv },
      { type: 'convDeleted', conversationID: 'C2C3' },
    ],
  })
  expect(seen.map(([e]) => e)).toEqual(['message', 'typing', 'peerRead', 'receipt', 'conversationChanged', 'conversationDeleted'])
  expect(seen[0]![1]).toEqual(m)
  expect(seen[4]![1]).toEqual(conv)
  expect(console.warn).toHaveBeenCalledWith('dropped an invalid frame in a batch:', expect.stringContaining('sequence'))
})

test('notices coalesced into a batch with chat frames are delivered; a malformed one is dropped alone', async () => {
  const { engine, sockets } = await loggedIn()
  const notices: unknown[] = []
  const messages: unknown[] = []
  engine.on('notice', (n) => notices.push(n))
  engine.on('message', (m) => messages.push(m))
  sockets.last.receive({
    type: 'batch',
    frames: [
      { type: 'msg', message: message({ conversationID: TO, sequence: 4 }) },
      { type: 5, count: 3, groupNumber: '100001' },
      { type: 5, count: 'three', groupNumber: '100001' },
      { type: 4, joinApplyUnRead: 1, otherUnRead: 0, selfApplyUnRead: 0 },
    ],
  })
  expect(messages).toHaveLength(1)
  expect(notices).toEqual([
    { type: 5, count: 3, groupNumber: '100001' },
    { type: 4, joinApplyUnRead: 1, otherUnRead: 0, selfApplyUnRead: 0 },
  ])
  expect(console.warn).toHaveBeenCalledWith('dropped an invalid frame in a batch:', expect.stringContaining('count'))
})

test('typing, read and receipt frames go out only while connected; receipts in frames of at most 100', async () => {
  const { engine, sockets } = await loggedIn()
  engine.setTyping(TO, true)
  engine.markRead(TO, 9)
  engine.sendReceipts('GROUPg', Array.from({ length: 150 }, (_, i) => i + 1))
  const frames = sockets.last.sentFrames() as Array<Record<string, unknown>>
  expect(frames.filter((f) => f.type !== 'ping')).toEqual([
    { type: 'typing', conversationID: TO, typing: true },
    { type: 'read', conversationID: TO, sequence: 9 },
    { type: 'receipt', conversationID: 'GROUPg', sequences: Array.from({ length: 100 }, (_, i) => i + 1) },
    { type: 'receipt', conversationID: 'GROUPg', sequences: Array.from({ length: 50 }, (_, i) => i + 101) },
  ])
  sockets.last.drop(1006)
  engine.setTyping(TO, false)
  expect(sockets.last.sent).toHaveLength(frames.length)
})

test('HTTP calls use the protocol paths; background ones are silent', async () => {
  const { engine, http } = await loggedIn()
  http.on(chatRoutes.conversations, [conversation(TO)])
  http.on(chatRoutes.history, { messages: [], isCompleted: true })
  http.on(chatRoutes.pin, conversation(TO, { isPinned: true }))
  await engine.getConversationList()
  await engine.getMessageList({ conversationID: TO, beforeSequence: 5, count: 20 })
  await engine.pinConversation(TO, true)
  expect(http.calls.map((c) => [c.method, c.path, c.body, c.options?.silent ?? false])).toEqual([
    ['GET', '/im/conversations', undefined, true],
    ['POST', '/im/messages/history', { conversationID: TO, count: 20, beforeSequence: 5 }, true],
    ['POST', '/im/conversation/pin', { conversationID: TO, isPinned: true }, false],
  ])
})
