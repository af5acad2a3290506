import type { LoginResult } from '@shared/auth'
import type { AppStore } from '@/stores'
import { conversation, message } from '../helpers/chatFixtures'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import type { ChatService } from '@/services/chat'
import type { App } from '@/root/createApp'
import { testApp } from '../helpers/testApp'

const USER: LoginResult = { token: 't', wtId: '10000001', imToken: 'sig', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 }
const PEER = 'C2C10000002'
const shown: Array<{ title: string; body?: string; tag?: string }> = []

class FakeNotification {
  static permission = 'granted'
  static requestPermission = jest.fn(async () => 'granted')
  onclick: (() => void) | null = null
  constructor(title: string, options: { body?: string; tag?: string }) {
    shown.push({ title, body: options.body, tag: options.tag })
  }
  close() {}
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

let engine: FakeChatEngine
let app: App
let useAppStore: AppStore
let { bindChat, unbindChat } = {} as ChatService

beforeEach(() => {
  shown.length = 0
  ;(window as unknown as { Notification: unknown }).Notification = FakeNotification
  engine = new FakeChatEngine()
  engine.ready = true
  app = testApp(engine)
  useAppStore = app.store
  ;({ bindChat, unbindChat } = app.chat)
  useAppStore.getState().setUser(USER)
  useAppStore.getState().setUserConfig({ phraseSwitch: 0, lockPwdEnabled: false, lockPwdTips: '', allowNotifications: true, showPreviews: false })
  engine.conversations = [conversation(PEER), conversation('C2C3', { isMuted: true })]
  useAppStore.getState().setConversations(engine.conversations)
  bindChat()
  document.title = '消息 - 微谈'
})

afterEach(() => {
  setHidden(false)
  unbindChat()
  delete (window as unknown as { Notification?: unknown }).Notification
})

test('nothing is notified while the page is visible', () => {
  engine.emit('message', message({ conversationID: PEER, sequence: 1 }))
  expect(shown).toEqual([])
  expect(document.title).toBe('消息 - 微谈')
})

test('while hidden: a notification without preview, the tab title counts, and comes back when visible', () => {
  setHidden(true)
  engine.emit('message', message({ conversationID: PEER, sequence: 1, payload: { text: '晚上吃什么' } }))
  expect(shown).toEqual([{ title: '微谈', body: '你有新消息', tag: PEER }])
  expect(document.title).toBe('你有新消息')
  engine.emit('message', message({ conversationID: PEER, sequence: 2 }))
  expect(document.title).toBe('你有 2 条新消息')
  setHidden(false)
  expect(document.title).toBe('消息 - 微谈')
})

test('previews on: the body is the message summary', () => {
  useAppStore.getState().setUserConfig({ ...useAppStore.getState().userConfig!, showPreviews: true })
  setHidden(true)
  engine.emit('message', message({ conversationID: PEER, sequence: 1, payload: { text: '晚上吃什么' } }))
  engine.emit('message', message({ conversationID: PEER, sequence: 2, type: 'TIMImageElem', payload: { url: '/x', width: 1, height: 1, size: 1, format: 'png' } }))
  expect(shown.map((n) => n.body)).toEqual(['晚上吃什么', '[图片]'])
})

test('muted conversations, own messages and disallowed notifications stay silent', () => {
  setHidden(true)
  engine.emit('message', message({ conversationID: 'C2C3', sequence: 1 }))
  engine.emit('message', message({ conversationID: PEER, sequence: 1, from: USER.wtId }))
  expect(shown).toEqual([])
  expect(document.title).toBe('消息 - 微谈')
  useAppStore.getState().setUserConfig({ ...useAppStore.getState().userConfig!, allowNotifications: false })
  engine.emit('message', message({ conversationID: PEER, sequence: 2 }))
  expect(shown).toEqual([])
  expect(document.title).toBe('你有新消息')
})

test('reads of messages seen while hidden wait until the page is visible', async () => {
  engine.conversations = [conversation(PEER, { lastSequence: 1, unreadCount: 1 })]
  useAppStore.getState().setConversations(engine.conversations)
  setHidden(true)
  const { reportMessageVisible } = app.chat
  reportMessageVisible(PEER, message({ conversationID: PEER, sequence: 1 }))
  await new Promise((r) => setTimeout(r, 150))
  expect(engine.readsSent).toEqual([])
  setHidden(false)
  expect(engine.readsSent).toEqual([[PEER, 1]])
  expect(useAppStore.getState().conversations[PEER]!.unreadCount).toBe(0)
})

test('a call invitation is left to the call notification; the call records still notify', () => {
  setHidden(true)
  const call = (actionType: number) => ({
    businessID: 1,
    inviteID: 'call-0000000001',
    actionType,
    inviter: '10000002',
    inviteeList: [USER.wtId],
    groupID: '',
    timeout: 30,
    data: { version: 4, call_type: 1, ...(actionType === 1 ? { data: { cmd: 'audioCall', inviter: '10000002' } } : {}) },
  })
  engine.emit('message', message({ conversationID: PEER, sequence: 1, type: 'TIMCustomElem', payload: { data: JSON.stringify(call(1)), description: '', extension: '' } }))
  expect(shown).toEqual([])
  engine.emit('message', message({ conversationID: PEER, sequence: 2, type: 'TIMCustomElem', payload: { data: JSON.stringify(call(2)), description: '', extension: '' } }))
  expect(shown).toEqual([{ title: '微谈', body: '你有新消息', tag: PEER }])
})
