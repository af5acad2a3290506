import type { LoginResult } from '@shared/auth'
import { SendFailure } from '@/engines/chat/ChatEngine'
import type { AppStore } from '@/stores'
import { selectArchivedList, selectMessages } from '@/stores/selectors/chat'
import { conversation, message } from '../helpers/chatFixtures'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import type { ChatService } from '@/services/chat'
import { testApp } from '../helpers/testApp'

const USER: LoginResult = { token: 't', wtId: '10000001', imToken: 'sig', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 }
const PEER = 'C2C10000002'

let engine: FakeChatEngine
let useAppStore: AppStore
let { closeConversation, deleteConversation, moveAllOutOfArchive, openConversation, reportMessageVisible, resendMessage, sendText, setFolded, setTyping, bindChat, unbindChat } = {} as ChatService
const flush = () => new Promise((r) => setTimeout(r, 0))
const state = () => useAppStore.getState()
const seqs = (id: string) => selectMessages(state(), id).list.map((m) => m.sequence)

function history(id: string, n: number, from = '10000002') {
  return Array.from({ length: n }, (_, i) => message({ conversationID: id, sequence: i + 1, from }))
}

beforeEach(() => {
  jest.useRealTimers()
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  engine = new FakeChatEngine()
  engine.ready = true
  const app = testApp(engine)
  useAppStore = app.store
  ;({ closeConversation, deleteConversation, moveAllOutOfArchive, openConversation, reportMessageVisible, resendMessage, sendText, setFolded, setTyping, bindChat, unbindChat } = app.chat)
  useAppStore.getState().setUser(USER)
  useAppStore.getState().setUserConfig({ phraseSwitch: 0, lockPwdEnabled: false, lockPwdTips: '', allowNotifications: true, showPreviews: false })
  bindChat()
})

afterEach(() => {
  unbindChat()
})

test('opening a conversation loads its newest page and marks it read', async () => {
  engine.history[PEER] = history(PEER, 25)
  engine.conversations = [conversation(PEER, { lastSequence: 25, unreadCount: 3, readSequence: 22 })]
  engine.emit('ready', undefined)
  await flush()
  await openConversation(PEER)
  expect(state().activeConversationID).toBe(PEER)
  expect(seqs(PEER)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6))
  expect(selectMessages(state(), PEER).isCompleted).toBe(false)
  await new Promise((r) => setTimeout(r, 150))
  expect(engine.readsSent).toEqual([[PEER, 25]])
  expect(state().conversations[PEER]).toMatchObject({ unreadCount: 0, readSequence: 25 })
  expect(state().badges.messages).toBe(0)
})

test('a conversation this user does not have yet is opened on the server first', async () => {
  await openConversation('C2C10000003')
  expect(engine.openConversation).toHaveBeenCalledWith('C2C10000003')
  expect(state().conversations['C2C10000003']).toBeDefined()
})

test('every reconnect reloads the list and fills the gap of held conversations via messages/since', async () => {
  engine.history[PEER] = history(PEER, 5)
  engine.conversations = [conversation(PEER, { lastSequence: 5 })]
  engine.emit('ready', undefined)
  await flush()
  await openConversation(PEER)
  expect(seqs(PEER)).toEqual([1, 2, 3, 4, 5])
  // Messages 6-9 were committed while this client was disconnected.
  engine.history[PEER].push(...history(PEER, 9).slice(5))
  engine.conversations = [conversation(PEER, { lastSequence: 9, unreadCount: 4 })]
  engine.emit('ready', undefined)
  await flush()
  await flush()
  expect(engine.getMessagesSince).toHaveBeenLastCalledWith({ conversationID: PEER, afterSequence: 5, count: 200 })
  expect(seqs(PEER)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
})

test('a page that left the server before the newest message, arriving after a newer list, is filled from messages/since', async () => {
  engine.history[PEER] = history(PEER, 6)
  engine.conversations = [conversation(PEER, { lastSequence: 6 })]
  // The page is answered as 1-6, but the list (with 7, stored meanwhile and never pushed) comes first.
  let answerPage!: () => void
  const pageHeld = new Promise<void>((r) => (answerPage = r))
  const pageOf = engine.getMessageList.getMockImplementation()!
  engine.getMessageList.mockImplementationOnce(async (params) => {
    const page = await pageOf(params)
    await pageHeld
    return page
  })
  const opening = openConversation(PEER)
  await flush()
  engine.history[PEER].push(...history(PEER, 7).slice(6))
  engine.conversations = [conversation(PEER, { lastSequence: 7, unreadCount: 1 })]
  engine.emit('ready', undefined)
  await flush()
  answerPage()
  await opening
  expect(engine.getMessagesSince).toHaveBeenLastCalledWith({ conversationID: PEER, afterSequence: 6, count: 200 })
  expect(seqs(PEER)).toEqual([1, 2, 3, 4, 5, 6, 7])
})

test('a live message after a missed one triggers a catch-up; duplicates are held once', async () => {
  engine.history[PEER] = history(PEER, 3)
  engine.conversations = [conversation(PEER, { lastSequence: 3, readSequence: 3 })]
  await openConversation(PEER)
  const all = [...engine.history[PEER], ...history(PEER, 6).slice(3)]
  // 4 and 5 were never pushed; 6 arrives live, then again through the catch-up.
  engine.history[PEER] = all
  engine.emit('message', all[5]!)
  await flush()
  await flush()
  expect(seqs(PEER)).toEqual([1, 2, 3, 4, 5, 6])
  engine.emit('message', all[5]!)
  expect(seqs(PEER)).toEqual([1, 2, 3, 4, 5, 6])
  expect(state().conversations[PEER]).toMatchObject({ lastSequence: 6, unreadCount: 1 })
})

test('a message for an unknown conversation reloads the list', async () => {
  engine.conversations = [conversation('GROUPnew', { lastSequence: 1, unreadCount: 1 })]
  engine.emit('message', message({ conversationID: 'GROUPnew', sequence: 1 }))
  await flush()
  expect(engine.getConversationList).toHaveBeenCalled()
  expect(state().conversations.GROUPnew).toMatchObject({ unreadCount: 1 })
  expect(state().badges.messages).toBe(1)
})

test('sending shows the message at once as unSend, then success with the server sequence', async () => {
  engine.conversations = [conversation(PEER)]
  await openConversation(PEER)
  let ack!: () => void
  engine.sendImpl = (input) =>
    new Promise((resolve) => {
      ack = () => resolve(message({ conversationID: PEER, sequence: 1, from: USER.wtId, clientMsgId: input.clientMsgId, payload: input.payload as Record<string, unknown> }))
    })
  const sending = sendText(PEER, '你好')
  const [pending] = selectMessages(state(), PEER).list
  expect(pending).toMatchObject({ status: 'unSend', sequence: 0, from: USER.wtId, payload: { text: '你好' } })
  expect(pending!.clientMsgId).toMatch(/^[\w-]{8,64}$/)
  ack()
  await sending
  const [done] = selectMessages(state(), PEER).list
  expect(done).toMatchObject({ status: 'success', sequence: 1, clientMsgId: pending!.clientMsgId })
  expect(selectMessages(state(), PEER).list).toHaveLength(1)
  expect(state().conversations[PEER]!.lastMessage).toMatchObject({ sequence: 1, payload: { text: '你好' } })
})

test('blank text does nothing; over 12K is refused with the spec toast', async () => {
  await sendText(PEER, '   \n ')
  await sendText(PEER, 'x'.repeat(12 * 1024 + 1))
  expect(engine.sendMessage).not.toHaveBeenCalled()
  expect(state().toasts.map((t) => t.message)).toEqual(['消息长度超出限制，消息长度不要超过12K'])
})

test('a refused send fails with its code and toast; resend uses the same clientMsgId', async () => {
  engine.conversations = [conversation(PEER)]
  await openConversation(PEER)
  engine.sendImpl = async () => {
    throw new SendFailure(20012, 'banned')
  }
  await sendText(PEER, '在吗')
  const [failed] = selectMessages(state(), PEER).list
  expect(failed).toMatchObject({ status: 'fail', errorCode: 20012 })
  expect(state().toasts.map((t) => t.message)).toContain('封禁期间无法向其他用户发送消息')
  engine.sendImpl = null
  await resendMessage(PEER, failed!.clientMsgId)
  expect(engine.sent.map((m) => m.clientMsgId)).toEqual([failed!.clientMsgId, failed!.clientMsgId])
  expect(selectMessages(state(), PEER).list).toEqual([expect.objectContaining({ status: 'success', sequence: 1 })])
})

test('risk content fails without a toast and is never resent', async () => {
  engine.conversations = [conversation(PEER)]
  await openConversation(PEER)
  engine.sendImpl = async () => {
    throw new SendFailure(80001, '内容违规', true)
  }
  await sendText(PEER, '敏感')
  const [failed] = selectMessages(state(), PEER).list
  expect(failed).toMatchObject({ status: 'fail', hasRiskContent: true, errorCode: 80001 })
  expect(state().toasts).toEqual([])
  await resendMessage(PEER, failed!.clientMsgId)
  expect(engine.sendMessage).toHaveBeenCalledTimes(1)
})

test('visible incoming messages mark read once per burst; group receipts only for needReadReceipt', async () => {
  const G = 'GROUPg'
  engine.history[G] = [
    message({ conversationID: G, sequence: 1, needReadReceipt: true }),
    message({ conversationID: G, sequence: 2 }),
    message({ conversationID: G, sequence: 3, needReadReceipt: true }),
    message({ conversationID: G, sequence: 4, from: USER.wtId, needReadReceipt: true }),
  ]
  engine.conversations = [conversation(G, { lastSequence: 4, readSequence: 0, unreadCount: 3 })]
  engine.emit('ready', undefined)
  await flush()
  for (const m of engine.history[G]) reportMessageVisible(G, m)
  reportMessageVisible(G, engine.history[G][0]!)
  await new Promise((r) => setTimeout(r, 150))
  expect(engine.readsSent).toEqual([[G, 3]])
  expect(engine.receiptsSent).toEqual([[G, [1, 3]]])
  reportMessageVisible(G, engine.history[G][0]!)
  await new Promise((r) => setTimeout(r, 150))
  expect(engine.receiptsSent).toHaveLength(1)
})

test('typing of others shows and expires; our own typing is sent on change and refreshed', async () => {
  jest.useFakeTimers()
  engine.emit('typing', { conversationID: PEER, from: '10000002', typing: true })
  expect(state().typingBy[PEER]).toEqual(['10000002'])
  jest.advanceTimersByTime(5000)
  engine.emit('typing', { conversationID: PEER, from: '10000002', typing: true })
  jest.advanceTimersByTime(5000)
  expect(state().typingBy[PEER]).toEqual(['10000002'])
  jest.advanceTimersByTime(1500)
  expect(state().typingBy[PEER]).toBeUndefined()

  setTyping(PEER, true)
  setTyping(PEER, true)
  jest.advanceTimersByTime(4000)
  closeConversation()
  state().setActiveConversation(PEER)
  closeConversation()
  expect(engine.typingSent).toEqual([
    [PEER, true],
    [PEER, true],
    [PEER, false],
  ])
})

test('archive: folding moves a conversation to the archive; move all out empties it', async () => {
  engine.conversations = [conversation('C2C1'), conversation('C2C2')]
  engine.emit('ready', undefined)
  await flush()
  await setFolded('C2C1', true)
  await setFolded('C2C2', true)
  expect(selectArchivedList(state()).map((c) => c.conversationID).sort()).toEqual(['C2C1', 'C2C2'])
  await moveAllOutOfArchive()
  expect(selectArchivedList(state())).toEqual([])
})

test('deleting the open conversation closes it and forgets its messages', async () => {
  engine.history[PEER] = history(PEER, 2)
  engine.conversations = [conversation(PEER, { lastSequence: 2 })]
  await openConversation(PEER)
  await deleteConversation(PEER, true)
  expect(state().activeConversationID).toBeNull()
  expect(state().conversations[PEER]).toBeUndefined()
  expect(state().messages[PEER]).toBeUndefined()
  expect(engine.deleteConversation).toHaveBeenCalledWith(PEER, true)
})

test('peer read and group receipts update the sender side', async () => {
  engine.history.GROUPg = [message({ conversationID: 'GROUPg', sequence: 1, from: USER.wtId, needReadReceipt: true })]
  engine.conversations = [conversation(PEER), conversation('GROUPg', { lastSequence: 1 })]
  engine.emit('ready', undefined)
  await flush()
  await openConversation('GROUPg')
  engine.emit('peerRead', { conversationID: PEER, reader: '10000002', sequence: 4 })
  engine.emit('receipt', { conversationID: 'GROUPg', sequence: 1, readCount: 2, unreadCount: 0 })
  expect(state().conversations[PEER]!.peerReadSequence).toBe(4)
  expect(selectMessages(state(), 'GROUPg').list[0]!.readReceiptInfo).toEqual({ readCount: 2, unreadCount: 0 })
})

test('reads made while disconnected are sent once the engine is ready again', async () => {
  engine.history[PEER] = history(PEER, 2)
  engine.conversations = [conversation(PEER, { lastSequence: 2, unreadCount: 2 })]
  engine.ready = false
  engine.emit('ready', undefined)
  await flush()
  await openConversation(PEER)
  await new Promise((r) => setTimeout(r, 150))
  expect(engine.readsSent).toEqual([])
  engine.ready = true
  engine.emit('ready', undefined)
  await flush()
  await flush()
  expect(engine.readsSent).toEqual([[PEER, 2]])
  expect(state().conversations[PEER]!.unreadCount).toBe(0)
})

test('messages that outrun every list: once they stop, a later list settles the unread count', async () => {
  jest.useFakeTimers()
  const ID = 'C2C10000009'
  let arrived = 0
  // Each list is as new as what had arrived when it was asked for, and takes 10 ms to come.
  jest.spyOn(engine, 'getConversationList').mockImplementation(async () => {
    const n = arrived
    await new Promise((r) => setTimeout(r, 10))
    return n ? [conversation(ID, { lastSequence: n, unreadCount: n })] : []
  })
  // Twenty messages over 80 ms: more than the bounded rounds of reloads can follow.
  for (let seq = 1; seq <= 20; seq++) {
    arrived = seq
    engine.emit('message', message({ conversationID: ID, sequence: seq }))
    await jest.advanceTimersByTimeAsync(4)
  }
  await jest.advanceTimersByTimeAsync(100)
  await jest.advanceTimersByTimeAsync(1000)
  await jest.advanceTimersByTimeAsync(100)
  expect(state().conversations[ID]).toMatchObject({ lastSequence: 20, unreadCount: 20 })
  jest.useRealTimers()
})
