import { ChatEngineError, ChatErrorCode, type ChatEngineEvents } from '@/engines/chat/ChatEngine'
import { SelfHostedChatEngine, SESSION_LOST_TEXT } from '@/engines/chat/selfhosted/SelfHostedChatEngine'
import { WsCloseCode } from '@/engines/chat/selfhosted/channel'
import { FakeSocketFactory } from '../helpers/fakeSocket'
import { FakeImHttp } from '../helpers/fakeImHttp'
import * as wireChecks from '@/engines/chat/selfhosted/frames'

const USER = { userID: '10000001', userSig: '10000001.999.sig' }
const HELLO = { type: 'hello', protocolVersion: 1, wtId: '10000001' }

function setup(token: string | null = 'tok/1') {
  jest.useFakeTimers()
  const sockets = new FakeSocketFactory()
  const engine = new SelfHostedChatEngine({ socket: sockets, http: new FakeImHttp(), sessionToken: () => token, random: () => 0, loginTimeoutMs: 15_000, wireChecks })
  const seen: Array<[keyof ChatEngineEvents, unknown]> = []
  for (const event of ['ready', 'notReady', 'notice', 'kicked', 'netStateChange', 'error'] as const) {
    engine.on(event, (payload: unknown) => seen.push([event, payload]))
  }
  return { sockets, engine, seen }
}

async function loggedIn() {
  const ctx = setup()
  const login = ctx.engine.login(USER)
  ctx.sockets.last.open()
  ctx.sockets.last.receive(HELLO)
  await login
  return ctx
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  jest.useRealTimers()
})

test('login connects to /ws/{session token} and resolves on the server hello', async () => {
  const { engine, sockets, seen } = await loggedIn()
  expect(sockets.last.url).toBe('ws://test.local/ws/tok%2F1')
  expect(engine.isReady()).toBe(true)
  expect(seen).toContainEqual(['ready', undefined])
  expect(seen).toContainEqual(['netStateChange', 'connected'])
})

test('login rejects when the server refuses the token (close 4401)', async () => {
  const { engine, sockets } = setup()
  const login = engine.login(USER)
  sockets.last.open()
  sockets.last.drop(WsCloseCode.Unauthorized, 'invalid token')
  await expect(login).rejects.toMatchObject({ code: ChatErrorCode.Unauthorized })
  expect(engine.isReady()).toBe(false)
})

test('login keeps retrying through failures until its timeout', async () => {
  const { engine, sockets } = setup()
  const login = engine.login(USER)
  const settled = login.catch((e: unknown) => e)
  sockets.last.drop()
  jest.advanceTimersByTime(500)
  expect(sockets.sockets).toHaveLength(2)
  sockets.last.drop()
  jest.advanceTimersByTime(15_000)
  const err = await settled
  expect(err).toBeInstanceOf(ChatEngineError)
  expect((err as ChatEngineError).code).toBe(ChatErrorCode.Timeout)
  const opened = sockets.sockets.length
  jest.advanceTimersByTime(120_000)
  expect(sockets.sockets).toHaveLength(opened)
})

test('login without a session token fails at once', async () => {
  const { engine, sockets } = setup(null)
  await expect(engine.login(USER)).rejects.toMatchObject({ code: ChatErrorCode.NoSession })
  expect(sockets.sockets).toHaveLength(0)
})

test('a hello for another user or protocol is refused', async () => {
  const { engine, sockets } = setup()
  const login = engine.login(USER)
  sockets.last.open()
  sockets.last.receive({ ...HELLO, protocolVersion: 2 })
  await expect(login).rejects.toMatchObject({ code: ChatErrorCode.Incompatible })
  expect(sockets.last.closedWith).not.toBeNull()
})

test('logging in again as the same ready user reuses the connection', async () => {
  const { engine, sockets } = await loggedIn()
  await engine.login(USER)
  expect(sockets.sockets).toHaveLength(1)
})

test('numeric notices are passed on as notice events', async () => {
  const { sockets, seen } = await loggedIn()
  sockets.last.receive({ type: 2, count: 5 })
  sockets.last.receive({ type: 4, joinApplyUnRead: 1, otherUnRead: 2, selfApplyUnRead: 3 })
  sockets.last.receive({ type: 7, groupNumber: 'g1', withdrawUserWtId: '10000002', lastMessageSequence: 9 })
  sockets.last.receive({ type: 'error', code: 400, msg: 'ping.ts: 格式不正确' })
  expect(seen.filter(([e]) => e === 'notice').map(([, p]) => p)).toEqual([
    { type: 2, count: 5 },
    { type: 4, joinApplyUnRead: 1, otherUnRead: 2, selfApplyUnRead: 3 },
    { type: 7, groupNumber: 'g1', withdrawUserWtId: '10000002', lastMessageSequence: 9 },
  ])
  expect(seen).toContainEqual(['error', { code: 400, msg: 'ping.ts: 格式不正确' }])
})

test.each([-1, -2])('a %i frame is a forced logout: kicked with its message, no reconnect', async (type) => {
  const { engine, sockets, seen } = await loggedIn()
  sockets.last.receive({ type, msg: '你已在所有设备上退出登录' })
  sockets.last.drop(WsCloseCode.SessionEnded)
  jest.advanceTimersByTime(120_000)
  expect(seen.filter(([e]) => e === 'kicked')).toEqual([['kicked', { type, msg: '你已在所有设备上退出登录' }]])
  expect(engine.isReady()).toBe(false)
  expect(sockets.sockets).toHaveLength(1)
})

test('a session closed without a notice is a forced logout with a generic message', async () => {
  const { sockets, seen } = await loggedIn()
  sockets.last.drop(WsCloseCode.SessionEnded)
  expect(seen.filter(([e]) => e === 'kicked')).toEqual([['kicked', { type: -1, msg: SESSION_LOST_TEXT }]])
})

test('a dropped connection is not ready until the server says hello again', async () => {
  const { engine, sockets, seen } = await loggedIn()
  sockets.last.drop(1006)
  expect(engine.isReady()).toBe(false)
  expect(seen).toContainEqual(['notReady', undefined])
  expect(seen).toContainEqual(['netStateChange', 'connecting'])
  jest.advanceTimersByTime(500)
  sockets.last.open()
  sockets.last.receive(HELLO)
  expect(engine.isReady()).toBe(true)
  expect(seen.filter(([e]) => e === 'ready')).toHaveLength(2)
})

test('logout closes the channel and cancels a login in progress', async () => {
  const { engine, sockets } = setup()
  const login = engine.login(USER)
  await engine.logout()
  await expect(login).rejects.toMatchObject({ code: ChatErrorCode.Cancelled })
  expect(sockets.last.closedWith?.code).toBe(1000)
  jest.advanceTimersByTime(120_000)
  expect(sockets.sockets).toHaveLength(1)
})
