import type { LoginResult } from '@shared/auth'
import { ChatEngineError, ChatErrorCode } from '@/engines/chat/ChatEngine'
import type { Messaging } from '@/services/messaging'
import type { AppStore } from '@/stores'
import { selectContactsBadge } from '@/stores/selectors/contacts'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import { testApp } from '../helpers/testApp'

const USER: LoginResult = { token: 't', wtId: '10000002', imToken: 'sig', avatar: '', nickName: '李四', vipLevel: 3, vipType: 1 }

let engine: FakeChatEngine
let useAppStore: AppStore
let messagingLogin: Messaging['messagingLogin']

beforeEach(() => {
  engine = new FakeChatEngine()
  const app = testApp(engine)
  useAppStore = app.store
  messagingLogin = app.messaging.messagingLogin
})

test('without a user there is no messaging login', async () => {
  await expect(messagingLogin()).rejects.toMatchObject({ code: ChatErrorCode.NoSession })
  expect(engine.login).not.toHaveBeenCalled()
})

test('concurrent callers share one login, and a ready service is not logged in again', async () => {
  useAppStore.getState().setUser(USER)
  await Promise.all([messagingLogin(), messagingLogin(), messagingLogin()])
  expect(engine.login).toHaveBeenCalledTimes(1)
  expect(useAppStore.getState().imReady).toBe(true)
  await messagingLogin()
  expect(engine.login).toHaveBeenCalledTimes(1)
})

test('a refused token ends the session without navigating', async () => {
  useAppStore.getState().setUser(USER)
  engine.loginImpl = async () => {
    throw new ChatEngineError(ChatErrorCode.Unauthorized, 'no')
  }
  await expect(messagingLogin()).rejects.toMatchObject({ code: ChatErrorCode.Unauthorized })
  expect(useAppStore.getState().user).toBeNull()
})

test('socket notices update the badges', async () => {
  useAppStore.getState().setUser(USER)
  await messagingLogin()
  engine.emit('notice', { type: 2, count: 120 })
  engine.emit('notice', { type: 4, joinApplyUnRead: 2, otherUnRead: 1, selfApplyUnRead: 0 })
  engine.emit('notice', { type: 3 })
  engine.emit('notice', { type: 3 })
  engine.emit('notice', { type: 5, count: 3, groupNumber: 'g' })
  const s = useAppStore.getState()
  expect(s.badges.moments).toBe(120)
  expect(s.badges.groupNotice).toEqual({ joinApplyUnRead: 2, otherUnRead: 1, selfApplyUnRead: 0 })
  expect(selectContactsBadge(s)).toBe(3)
  expect(s.topMessageVersion).toBe(2)
})

test('a friend\'s new moment (notice 6) lights the moments dot', async () => {
  useAppStore.getState().setUser(USER)
  await messagingLogin()
  expect(useAppStore.getState().badges.friendMoment).toBe(false)
  engine.emit('notice', { type: 6, wtId: '10000002' })
  expect(useAppStore.getState().badges.friendMoment).toBe(true)
})

test('the network state follows the engine', async () => {
  useAppStore.getState().setUser(USER)
  await messagingLogin()
  engine.emit('netStateChange', 'connecting')
  expect(useAppStore.getState().netState).toBe('connecting')
  engine.emit('netStateChange', 'connected')
  expect(useAppStore.getState().netState).toBe('connected')
})
