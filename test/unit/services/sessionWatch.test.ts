import type { LoginResult } from '@shared/auth'
import { SESSION_STORAGE_KEY } from '@/services/sessionPersistence'
import { SESSION_CHANGED_TEXT, SESSION_CHANGED_UNSENT_TEXT } from '@/services/sessionWatch'
import type { App } from '@/root/createApp'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import { testApp } from '../helpers/testApp'

const user = (name: string): LoginResult => ({ token: `token-${name}`, wtId: '10000001', imToken: 'sig', avatar: '', nickName: name, vipLevel: 0, vipType: 0 })
const stored = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as LoginResult | null
/** What the browser does in the other tabs when one tab writes the key. */
function storeElsewhere(value: LoginResult | null): void {
  if (value) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(value))
  else localStorage.removeItem(SESSION_STORAGE_KEY)
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }))
}

let app: App
let engine: FakeChatEngine
let stop: () => void

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  localStorage.clear()
  engine = new FakeChatEngine()
  app = testApp(engine)
  stop = app.sessionWatch.start()
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user('old')))
  app.store.getState().setUser(user('old'))
})

afterEach(() => stop())

const toastTexts = () => app.store.getState().toasts.map((t) => t.message)

test('a login made in another tab replaces this tab’s dead session and is kept in storage', () => {
  storeElsewhere(user('new'))
  expect(app.store.getState().user?.token).toBe('token-new')
  expect(stored()?.token).toBe('token-new')
  expect(engine.logout).toHaveBeenCalled()
  expect(toastTexts()).toContain(SESSION_CHANGED_TEXT)
})

test('a logout in another tab ends this session; an unsent message is said to be dropped', () => {
  app.store.getState().mergeMessages('C2C10000002', [{ clientMsgId: 'c1', status: 'unSend' } as never])
  storeElsewhere(null)
  expect(app.store.getState().user).toBeNull()
  expect(toastTexts()).toContain(SESSION_CHANGED_UNSENT_TEXT)
})

test('the same session written again changes nothing', () => {
  storeElsewhere(user('old'))
  expect(engine.logout).not.toHaveBeenCalled()
  expect(toastTexts()).toEqual([])
})
