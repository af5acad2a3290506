import type { LoginResult } from '@shared/auth'
import { PROTOCOL_VERSION } from '@shared/codes'
import type { CallEngine, CallEngineDeps, CallEngineEvents } from '@/engines/call/CallEngine'
import { CallStatus, initialCallState } from '@/engines/call/state'
import { TypedEmitter } from '@/engines/chat/emitter'
import { createApp, type App } from '@/root/createApp'
import { conversation, message } from '../helpers/chatFixtures'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import { envelope, FakeHttp } from '../helpers/fakeHttp'
import { FakeSocketFactory } from '../helpers/fakeSocket'

// Two users in one process, each with an app of their own (no jest.isolateModules): what one app
// holds, sends or ends never shows in the other.

const ZHANG: LoginResult = { token: 'token-zhang', wtId: '10000001', imToken: 'sig-1', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 }
const LI: LoginResult = { token: 'token-li', wtId: '10000002', imToken: 'sig-2', avatar: '', nickName: '李四', vipLevel: 0, vipType: 0 }
const flush = () => new Promise((r) => setTimeout(r, 0))

interface Side {
  app: App
  sockets: FakeSocketFactory
  http: FakeHttp
}

/** An app on the real chat engine, over a socket and an /api whose server the test plays. */
function side(): Side {
  const sockets = new FakeSocketFactory()
  const http = new FakeHttp((req) => envelope(200, 'ok', req.url.startsWith('/api/im/conversations') ? [] : null))
  return { app: createApp({ socket: sockets, http, apiBase: '/api' }), sockets, http }
}

async function logIn({ app, sockets }: Side, user: LoginResult): Promise<void> {
  app.store.getState().setUser(user)
  const login = app.messaging.messagingLogin()
  // The H5 build loads the frame checks on the first login, before the socket opens.
  await flush()
  sockets.last.open()
  sockets.last.receive({ type: 'hello', protocolVersion: PROTOCOL_VERSION, wtId: user.wtId })
  await login
  await flush()
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
})

test('each app is built with its own store, engines and services', () => {
  const a = createApp()
  const b = createApp()
  for (const part of ['store', 'api', 'toast', 'chatEngine', 'callEngine', 'session', 'chat', 'contacts', 'groups', 'messageOps', 'calls'] as const) {
    expect({ part, shared: a[part] === b[part] }).toEqual({ part, shared: false })
  }
  // Service state starts afresh in each: the toast ids of both apps begin at 1.
  expect(a.toast.info('甲')).toBe(1)
  expect(b.toast.info('乙')).toBe(1)
  expect(a.store.getState().toasts.map((t) => t.message)).toEqual(['甲'])
  expect(b.store.getState().toasts.map((t) => t.message)).toEqual(['乙'])
})

test('two users log in over their own channels and call /api with their own tokens', async () => {
  const a = side()
  const b = side()
  await logIn(a, ZHANG)
  await logIn(b, LI)
  expect(a.sockets.sockets.map((s) => s.url)).toEqual([`ws://test.local/ws/${ZHANG.token}`])
  expect(b.sockets.sockets.map((s) => s.url)).toEqual([`ws://test.local/ws/${LI.token}`])
  expect([a.app.store.getState().imReady, b.app.store.getState().imReady]).toEqual([true, true])
  // The reconnect sync of each asked its own server for its own list.
  expect(a.http.requests.map((r) => r.header.Authorization)).toContain(`Bearer ${ZHANG.token}`)
  expect(a.http.requests.map((r) => r.header.Authorization)).not.toContain(`Bearer ${LI.token}`)
  expect(b.http.requests.map((r) => r.header.Authorization)).not.toContain(`Bearer ${ZHANG.token}`)
})

test('a message pushed to one user lands in that user’s store only', async () => {
  const a = side()
  const b = side()
  await logIn(a, ZHANG)
  await logIn(b, LI)
  const id = 'C2C10000003'
  for (const { app } of [a, b]) {
    app.store.getState().upsertConversation(conversation(id))
    app.store.getState().mergeMessages(id, [], { isCompleted: true })
  }
  a.sockets.last.receive({ type: 'msg', message: message({ conversationID: id, sequence: 1, from: '10000003', payload: { text: '只给张三' } }) })
  expect(a.app.store.getState().messages[id]!.list.map((m) => m.payload.text)).toEqual(['只给张三'])
  expect(a.app.store.getState().conversations[id]!.unreadCount).toBe(1)
  expect(b.app.store.getState().messages[id]!.list).toEqual([])
  expect(b.app.store.getState().conversations[id]!.unreadCount).toBe(0)
})

test('sends, failed sends and their resends stay with the app that composed them', async () => {
  const engineA = new FakeChatEngine()
  const engineB = new FakeChatEngine()
  engineA.ready = engineB.ready = true
  engineA.sendImpl = async () => {
    throw new Error('offline')
  }
  const a = createApp({ chatEngine: () => engineA })
  const b = createApp({ chatEngine: () => engineB })
  a.store.getState().setUser(ZHANG)
  b.store.getState().setUser(LI)
  const id = 'C2C10000003'
  await a.chat.sendText(id, '发不出去')
  const failed = a.store.getState().messages[id]!.list[0]!
  expect(failed.status).toBe('fail')
  expect(engineB.sent).toEqual([])
  // B knows nothing of A's composed message, so its resend does nothing.
  await b.chat.resendMessage(id, failed.clientMsgId)
  expect(engineB.sent).toEqual([])
  expect(b.store.getState().messages[id]).toBeUndefined()
  engineA.sendImpl = null
  await a.chat.resendMessage(id, failed.clientMsgId)
  expect(engineA.sent.map((m) => m.clientMsgId)).toEqual([failed.clientMsgId, failed.clientMsgId])
  expect(a.store.getState().messages[id]!.list[0]!.status).toBe('success')
})

test('a forced logout ends one user’s session; the other stays logged in and connected', async () => {
  const a = side()
  const b = side()
  await logIn(a, ZHANG)
  await logIn(b, LI)
  a.sockets.last.receive({ type: -1, msg: '你已在其他设备登录' })
  await flush()
  expect(a.app.store.getState().user).toBeNull()
  expect(a.app.chatEngine.isReady()).toBe(false)
  expect(a.app.store.getState().toasts.map((t) => t.message)).toEqual(['你已在其他设备登录'])
  expect(b.app.store.getState().user).toEqual(LI)
  expect(b.app.store.getState().imReady).toBe(true)
  expect(b.app.chatEngine.isReady()).toBe(true)
  expect(b.sockets.last.closedWith).toBeNull()
  expect(b.app.store.getState().toasts).toEqual([])
})

/**
 * A call engine other than the WebRTC one: the events the app listens to come from the interface,
 * and every method it is asked for does nothing.
 */
function otherCallEngine(deps: CallEngineDeps) {
  const events = new TypedEmitter<CallEngineEvents>()
  const own = { deps, events, getState: initialCallState, on: events.on.bind(events) }
  return new Proxy(own, { get: (target, key) => (key in target ? target[key as keyof typeof own] : async () => undefined) }) as unknown as CallEngine & typeof own
}

test('a call engine chosen at creation is the one the app runs and listens to', () => {
  const made: Array<ReturnType<typeof otherCallEngine>> = []
  const app = createApp({
    chatEngine: () => new FakeChatEngine(),
    callEngine: (deps) => {
      const engine = otherCallEngine(deps)
      made.push(engine)
      return engine
    },
  })
  expect(made).toHaveLength(1)
  expect(app.callEngine).toBe(made[0])
  // It talks to this app's chat engine.
  expect(made[0]!.deps.chat()).toBe(app.chatEngine)
  const id = 'C2C10000002'
  app.store.getState().setUser(ZHANG)
  app.store.getState().upsertConversation(conversation(id))
  app.store.getState().mergeMessages(id, [], { isCompleted: true })
  made[0]!.events.emit('stateChanged', { ...initialCallState(), callStatus: CallStatus.Calling })
  made[0]!.events.emit('messageSent', message({ conversationID: id, sequence: 1, from: ZHANG.wtId, type: 'TIMCustomElem', payload: { data: '{}', description: '', extension: '' } }))
  made[0]!.events.emit('toast', { key: 'kick out', type: 'error' })
  expect(app.store.getState().call.callStatus).toBe(CallStatus.Calling)
  expect(app.store.getState().messages[id]!.list.map((m) => m.sequence)).toEqual([1])
  expect(app.store.getState().toasts).toHaveLength(1)
})

test("the call widget speaks the app's language (zh-cn) until setLanguage switches it", () => {
  const { store, calls } = createApp()
  expect(calls.engine.getState().language).toBe('zh-cn')
  expect(store.getState().call.language).toBe('zh-cn')
  calls.kit.setLanguage('en')
  expect(store.getState().call.language).toBe('en')
  calls.kit.setLanguage('zh-cn')
  expect(store.getState().call.language).toBe('zh-cn')
})
