import type { LoginResult } from '@shared/auth'
import { admitted, boundWindow, LIVE_WINDOW, MESSAGE_WINDOW, type MessageWindow } from '@/stores/chat/messageWindow'
import { fromServer, type UiMessage } from '@/stores/chat/uiMessage'
import type { AppStore } from '@/stores'
import type { ChatService } from '@/services/chat'
import { selectMessages } from '@/stores/selectors/chat'
import { conversation, message } from '../helpers/chatFixtures'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import { testApp } from '../helpers/testApp'

const PEER = 'C2C10000002'

function stored(from: number, to: number): UiMessage[] {
  return Array.from({ length: to - from + 1 }, (_, i) => fromServer(message({ conversationID: PEER, sequence: from + i })))
}

function local(anchorSequence: number): UiMessage {
  return { ...fromServer(message({ conversationID: PEER, sequence: 0 })), status: 'unSend', anchorSequence }
}

const seqsOf = (list: readonly UiMessage[]) => list.map((m) => m.sequence)
const win = (list: UiMessage[], over: Partial<MessageWindow> = {}): MessageWindow => ({ list, isCompleted: false, hasNewer: false, ...over })

describe('boundWindow', () => {
  test('a window within its size comes back as it was', () => {
    const w = win(stored(1, 10), { isCompleted: true })
    expect(boundWindow(w, 'newest', 10)).toBe(w)
  })

  test('keeping the newest drops the oldest, and older messages then exist again', () => {
    const out = boundWindow(win(stored(1, 12), { isCompleted: true }), 'newest', 10)
    expect(seqsOf(out.list)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(out).toMatchObject({ isCompleted: false, hasNewer: false })
  })

  test('keeping the oldest drops the newest, and the window is then in the past', () => {
    const out = boundWindow(win(stored(1, 12), { isCompleted: true }), 'oldest', 10)
    expect(seqsOf(out.list)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(out).toMatchObject({ isCompleted: true, hasNewer: true })
  })

  test('local messages are never dropped: they could not be fetched again', () => {
    const pending = local(12)
    const out = boundWindow(win([...stored(1, 12), pending]), 'oldest', 10)
    expect(out.list).toContain(pending)
    expect(out.list.filter((m) => m.sequence > 0)).toHaveLength(10)
  })

  test('the sizes: ten pages after paging, twice that for live growth', () => {
    expect(MESSAGE_WINDOW).toBe(200)
    expect(LIVE_WINDOW).toBe(400)
  })
})

describe('admitted', () => {
  test('a window at the newest message takes everything', () => {
    const incoming = stored(11, 12)
    expect(admitted(win(stored(1, 10)), incoming)).toBe(incoming)
  })

  test('a window in the past takes what it holds and local messages, not what lies beyond it', () => {
    const held = stored(1, 10)
    const update = { ...held[9]!, readReceiptInfo: { readCount: 1, unreadCount: 0 } }
    const pending = local(10)
    const beyond = stored(500, 501)
    expect(admitted(win(held, { hasNewer: true }), [update, pending, ...beyond])).toEqual([update, pending])
  })
})

describe('the store and the chat service keep a bounded window', () => {
  const USER: LoginResult = { token: 't', wtId: '10000001', imToken: 'sig', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 }
  let engine: FakeChatEngine
  let store: AppStore
  let chat: ChatService
  const seqs = () => seqsOf(selectMessages(store.getState(), PEER).list)
  const entry = () => selectMessages(store.getState(), PEER)

  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    engine = new FakeChatEngine()
    engine.ready = true
    engine.history[PEER] = Array.from({ length: 1000 }, (_, i) => message({ conversationID: PEER, sequence: i + 1 }))
    engine.conversations = [conversation(PEER, { lastSequence: 1000 })]
    const app = testApp(engine)
    store = app.store
    chat = app.chat
    store.getState().setUser(USER)
    chat.bindChat()
  })
  afterEach(() => chat.unbindChat())

  test('paging back evicts the newest pages; scrolling down loads them again by sequence', async () => {
    await chat.openConversation(PEER)
    expect(seqs()).toEqual(range(981, 1000))
    for (let i = 0; i < 12; i++) await chat.loadOlderMessages(PEER)
    // 13 pages were fetched; the newest three were dropped.
    expect(seqs()).toEqual(range(741, 940))
    expect(entry()).toMatchObject({ hasNewer: true, isCompleted: false })

    // A live message beyond the window is not taken in (no catch-up of 60 messages either).
    engine.emit('message', fromServer(message({ conversationID: PEER, sequence: 1001 })))
    await new Promise((r) => setTimeout(r, 0))
    expect(seqs().at(-1)).toBe(940)
    expect(engine.getMessagesSince).not.toHaveBeenCalled()

    await chat.loadNewerMessages(PEER)
    expect(engine.getMessagesSince).toHaveBeenLastCalledWith({ conversationID: PEER, afterSequence: 940, count: 20 })
    expect(seqs()).toEqual(range(761, 960))
    expect(entry().hasNewer).toBe(true)
  })

  test('a jump far back puts the page around the message in place of the window', async () => {
    await chat.openConversation(PEER)
    const target = engine.history[PEER]![41]!
    expect(await chat.loadAround(PEER, target.ID)).toBe(true)
    expect(seqs()).toEqual(range(12, 71))
    expect(entry()).toMatchObject({ hasNewer: true, isCompleted: false })
    expect(await chat.loadAround(PEER, 'nobody-nothing')).toBe(false)

    // Back to the newest: the window is the newest page again.
    await chat.showNewest(PEER)
    expect(seqs()).toEqual(range(981, 1000))
    expect(entry().hasNewer).toBe(false)
  })

  test('a jump near enough loads the pages in between and keeps the newest', async () => {
    await chat.openConversation(PEER)
    const target = engine.history[PEER]![899]!
    expect(await chat.loadAround(PEER, target.ID)).toBe(true)
    expect(seqs()).toEqual(range(870, 1000))
    expect(entry().hasNewer).toBe(false)
  })

  test('the newest page keeps a send acknowledged while it was on its way', async () => {
    await chat.openConversation(PEER)
    await chat.loadAround(PEER, engine.history[PEER]![41]!.ID)
    const sent = fromServer(message({ conversationID: PEER, sequence: 1001, from: '10000001' }))
    store.getState().mergeMessages(PEER, [{ ...sent, sequence: 0, status: 'unSend' }])
    store.getState().replaceMessages(PEER, stored(981, 1000), { isCompleted: false, hasNewer: true })
    store.getState().mergeMessages(PEER, [sent])
    store.getState().replaceMessages(PEER, stored(981, 1000), { isCompleted: false, hasNewer: false })
    expect(seqs().slice(-2)).toEqual([1000, 1001])
  })

  test('live growth keeps at most twice the paging window', async () => {
    engine.history[PEER] = []
    await chat.openConversation(PEER)
    store.getState().mergeMessages(PEER, stored(1, LIVE_WINDOW + 5))
    expect(seqs()).toEqual(range(6, LIVE_WINDOW + 5))
    expect(entry().isCompleted).toBe(false)
  })
})

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}
