import type { LoginResult } from '@shared/auth'
import { ChatEngineError, ChatErrorCode } from '@/engines/chat/ChatEngine'
import { ApiError } from '@/services/api/errors'
import { extractQrCode, type SessionService } from '@/services/session'
import type { SessionEnd, SessionEndReason } from '@/services/sessionEnd'
import { SESSION_STORAGE_KEY } from '@/services/sessionPersistence'
import type { AppStore } from '@/stores'
import { taroState } from '../../setup/taroState'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import { FakeFetch } from '../helpers/fakeFetch'
import { testApp } from '../helpers/testApp'

const ZHANG: LoginResult = {
  token: 'token-zhang',
  wtId: '10000001',
  imToken: '10000001.999.sig',
  avatar: '/api/avatar/default/10000001.svg',
  nickName: '张三',
  vipLevel: 0,
  vipType: 0,
}

let server: FakeFetch
let engine: FakeChatEngine
let useAppStore: AppStore
let session: SessionService & { extractQrCode: typeof extractQrCode }
let beforeLogout: SessionEnd['beforeLogout']
let onSessionEnd: SessionEnd['onSessionEnd']

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  jest.useFakeTimers()
  jest.setSystemTime(Date.UTC(2030, 0, 1))
  engine = new FakeChatEngine()
  const app = testApp(engine)
  useAppStore = app.store
  session = { ...app.session, extractQrCode }
  ;({ beforeLogout, onSessionEnd } = app.sessionEnd)
  server = new FakeFetch()
  server.install()
})

afterEach(() => {
  jest.useRealTimers()
})

const toastTexts = () => useAppStore.getState().toasts.map((t) => `${t.type}:${t.message}`)
const stored = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as LoginResult | null

describe('login (spec 4 "Login")', () => {
  test('sets the user from the login result, then logs the messaging engine in', async () => {
    server.on('/user/login/pwd', { code: 200, data: ZHANG })
    let userWhenEngineLoggedIn: LoginResult | null = null
    engine.loginImpl = async () => {
      userWhenEngineLoggedIn = useAppStore.getState().user
    }

    await expect(session.loginByPhone('13800000001', 'demo1234')).resolves.toBe('ok')

    expect(server.calls[0]!.body).toEqual({ phone: '13800000001', pwd: 'demo1234' })
    expect(userWhenEngineLoggedIn).toEqual(ZHANG)
    expect(engine.login).toHaveBeenCalledWith({ userID: ZHANG.wtId, userSig: ZHANG.imToken })
    expect(useAppStore.getState().user).toEqual(ZHANG)
    expect(useAppStore.getState().imReady).toBe(true)
    expect(stored()).toEqual(ZHANG)
  })

  test('by ID and by registration too', async () => {
    server.on('/user/login/id', { code: 200, data: ZHANG }).on('/user/login/register', { code: 200, data: ZHANG })
    await expect(session.loginById('10000001', 'demo1234')).resolves.toBe('ok')
    expect(server.calls[0]!.body).toEqual({ wtId: '10000001', pwd: 'demo1234' })
    await expect(session.register('13800000009', 'pw123456', '新用户')).resolves.toBe('ok')
    expect(server.calls[1]!.body).toEqual({ phone: '13800000009', pwd: 'pw123456', nickName: '新用户' })
  })

  test('a wrong password rejects with the server message for the form to show, with no toast, and stays logged out', async () => {
    server.on('/user/login/pwd', { code: 400, msg: '账号或密码错误' })
    const err = (await session.loginByPhone('13800000001', 'nope').catch((e: unknown) => e)) as ApiError
    expect(err).toBeInstanceOf(ApiError)
    expect(err.msg).toBe('账号或密码错误')
    // The login form shows it inline; a toast saying it again was a second copy of the same words.
    expect(toastTexts()).toEqual([])
    expect(useAppStore.getState().user).toBeNull()
    expect(engine.login).not.toHaveBeenCalled()
  })

  test('a messaging login failure does not undo the app login; the guard retries later', async () => {
    server.on('/user/login/pwd', { code: 200, data: ZHANG })
    engine.loginImpl = async () => {
      throw new ChatEngineError(ChatErrorCode.Timeout, 'timeout')
    }
    await expect(session.loginByPhone('13800000001', 'demo1234')).resolves.toBe('ok')
    expect(useAppStore.getState().user).toEqual(ZHANG)
    expect(useAppStore.getState().imReady).toBe(false)
  })
})

describe('two-factor login', () => {
  test('712 keeps the message as the ticket; tips and the lock password complete the login', async () => {
    server
      .on('/user/login/pwd', { code: 712, msg: 'ticket-0123456789' })
      .on('/user/login/step2pwd/tips', { code: 200, data: { tips: '常用的锁屏数字' } })
      .on('/user/login/step2pwd', { code: 200, data: ZHANG })

    await expect(session.loginByPhone('13800000001', 'demo1234')).resolves.toBe('twoFactor')
    expect(useAppStore.getState().twoFactor).toEqual({ ticket: 'ticket-0123456789', tips: null })
    expect(useAppStore.getState().user).toBeNull()
    expect(toastTexts()).toEqual([])
    expect(taroState.navigations).toEqual([])

    await expect(session.loadLockTips()).resolves.toBe('常用的锁屏数字')
    expect(server.calls[1]!.body).toEqual({ ticket: 'ticket-0123456789' })
    expect(useAppStore.getState().twoFactor).toEqual({ ticket: 'ticket-0123456789', tips: '常用的锁屏数字' })

    await session.submitLockPassword('lock-9876')
    expect(server.calls[2]!.body).toEqual({ ticket: 'ticket-0123456789', lockPwd: 'lock-9876' })
    expect(useAppStore.getState().twoFactor).toBeNull()
    expect(useAppStore.getState().user).toEqual(ZHANG)
    expect(engine.login).toHaveBeenCalledTimes(1)
  })

  test('a wrong lock password keeps the two-factor step open', async () => {
    useAppStore.getState().setTwoFactor({ ticket: 'ticket-0123456789', tips: null })
    server.on('/user/login/step2pwd', { code: 400, msg: '锁密码错误' })
    await expect(session.submitLockPassword('bad')).rejects.toMatchObject({ code: 400, msg: '锁密码错误' })
    expect(useAppStore.getState().twoFactor?.ticket).toBe('ticket-0123456789')
    expect(toastTexts()).toEqual([])
  })

  test('without a ticket there is nothing to submit', async () => {
    await expect(session.submitLockPassword('x')).rejects.toBeInstanceOf(ApiError)
    expect(server.calls).toHaveLength(0)
  })

  test('cancel clears the ticket', async () => {
    useAppStore.getState().setTwoFactor({ ticket: 'ticket-0123456789', tips: 'x' })
    await session.cancelTwoFactor()
    expect(useAppStore.getState().twoFactor).toBeNull()
  })
})

describe('QR login', () => {
  test('polling is silent and a confirmed code completes the login', async () => {
    server.on(
      '/user/login/qrCode',
      { code: 200, data: { status: 'pending' } },
      { code: 400, msg: '二维码无效，请刷新' },
      { code: 200, data: { status: 'confirmed', ...ZHANG } },
    )
    await expect(session.pollQrCode('code-12345678')).resolves.toEqual({ status: 'pending' })
    await expect(session.pollQrCode('code-12345678')).rejects.toMatchObject({ code: 400, handled: false })
    expect(toastTexts()).toEqual([])
    await expect(session.pollQrCode('code-12345678')).resolves.toMatchObject({ status: 'confirmed' })
    expect(useAppStore.getState().user).toEqual(ZHANG)
    expect(stored()).toEqual(ZHANG)
  })

  test('the logged-in device scans and confirms with its token', async () => {
    useAppStore.getState().setUser(ZHANG)
    server.on('/user/login/qrCode/scan', { code: 200 }).on('/user/login/qrCode/confirm', { code: 200 })
    await session.scanQrLogin('code-12345678')
    await session.confirmQrLogin('code-12345678')
    expect(server.paths()).toEqual(['/user/login/qrCode/scan', '/user/login/qrCode/confirm'])
    expect(server.calls[1]!.headers.Authorization).toBe(`Bearer ${ZHANG.token}`)
    expect(server.calls[1]!.body).toEqual({ qrCode: 'code-12345678' })
  })
})

describe('extractQrCode', () => {
  test.each([
    ['Abc_123-xyzQRS', 'Abc_123-xyzQRS'],
    ['  Abc_123-xyzQRS \n', 'Abc_123-xyzQRS'],
    ['http://127.0.0.1:3100/messages?qrLogin=Abc_123-xyzQRS', 'Abc_123-xyzQRS'],
    ['https://chat.example.com/messages?a=1&qrLogin=Abc_123-xyzQRS&b=2', 'Abc_123-xyzQRS'],
    ['/messages?qrLogin=Abc%5F123-xyzQRS', 'Abc_123-xyzQRS'],
  ])('%p → %p', (input, code) => {
    expect(session.extractQrCode(input)).toBe(code)
  })

  test.each([[''], ['short'], ['has spaces inside it'], ['http://x/messages?other=Abc_123-xyzQRS'], ['http://x/?qrLogin='], ['http://x/?qrLogin=%E0%A4%A'], ['a'.repeat(129)]])(
    '%p has no code',
    (input) => {
      expect(session.extractQrCode(input)).toBeNull()
    },
  )
})

describe('the session ends', () => {
  beforeEach(() => {
    useAppStore.getState().setUser(ZHANG)
    useAppStore.getState().setImReady(true)
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(ZHANG))
  })

  function expectLoggedOut() {
    const s = useAppStore.getState()
    expect(s.user).toBeNull()
    expect(s.userInfo).toBeNull()
    expect(s.userConfig).toBeNull()
    expect(s.twoFactor).toBeNull()
    expect(s.imReady).toBe(false)
    expect(stored()).toBeNull()
    expect(engine.logout).toHaveBeenCalled()
  }

  test('11012 on an authenticated call: session cleared, message shown, /login opened', async () => {
    server.on('/user/info', { code: 11012, msg: '登录状态已失效，请重新登录' }).on('/user/userConfig/getInfo', { code: 11012, msg: '登录状态已失效，请重新登录' })
    await expect(session.refreshUser()).rejects.toMatchObject({ code: 11012 })
    expectLoggedOut()
    expect(toastTexts()).toEqual(['error:登录状态已失效，请重新登录'])
    expect(taroState.navigations).toEqual([{ method: 'reLaunch', url: '/pages/login/index' }])
  })

  test('logout stops the engine before the server call, ignores a failed answer and opens /login', async () => {
    server.on('/user/logout', new Error('Failed to fetch'))
    await session.logout()
    expect(engine.calls[0]).toBe('logout')
    expect(server.calls[0]).toMatchObject({ method: 'POST', url: '/api/user/logout' })
    expectLoggedOut()
    expect(toastTexts()).toEqual([])
    expect(taroState.navigations).toEqual([{ method: 'reLaunch', url: '/pages/login/index' }])
  })

  test('log out of all devices', async () => {
    server.on('/user/security/logoutAll', { code: 200 })
    await session.logoutAllDevices()
    expectLoggedOut()
    expect(taroState.navigations).toEqual([{ method: 'reLaunch', url: '/pages/login/index' }])
  })

  test('a forced logout from the socket shows its message and opens /login, once', async () => {
    server.on('/user/login/pwd', { code: 200, data: ZHANG })
    useAppStore.getState().setImReady(false)
    await session.loginByPhone('13800000001', 'demo1234')
    engine.emit('kicked', { type: -1, msg: '你已在所有设备上退出登录' })
    engine.emit('kicked', { type: -1, msg: '你已在所有设备上退出登录' })
    expectLoggedOut()
    expect(toastTexts()[0]).toBe('error:你已在所有设备上退出登录')
    expect(taroState.navigations).toEqual([{ method: 'reLaunch', url: '/pages/login/index' }])
  })
})

describe('the end of a session, for features with live state (a call)', () => {
  test('a chosen logout runs the before-logout steps before the engine stops, then tells why it ended', async () => {
    const order: string[] = []
    const reasons: SessionEndReason[] = []
    const offBefore = beforeLogout(async () => {
      order.push(`before:${engine.calls.length}`)
    })
    const offEnd = onSessionEnd((r) => reasons.push(r))
    server.on('/user/logout', { code: 200 })
    await session.logout()
    offBefore()
    offEnd()
    expect(order).toEqual(['before:0'])
    expect(engine.calls[0]).toBe('logout')
    expect(reasons).toEqual(['logout'])
  })

  test('a forced logout from the socket ends the session as kicked', async () => {
    const reasons: SessionEndReason[] = []
    const off = onSessionEnd((r) => reasons.push(r))
    server.on('/user/login/pwd', { code: 200, data: ZHANG })
    useAppStore.getState().setImReady(false)
    await session.loginByPhone('13800000001', 'demo1234')
    engine.emit('kicked', { type: -1, msg: '密码已修改，请重新登录' })
    off()
    expect(reasons).toEqual(['kicked'])
  })

  test('a failing before-logout step does not stop the logout', async () => {
    useAppStore.getState().setUser(ZHANG)
    const off = beforeLogout(async () => {
      throw new Error('socket gone')
    })
    server.on('/user/logout', { code: 200 })
    await session.logout()
    off()
    expect(useAppStore.getState().user).toBeNull()
    expect(server.calls[0]).toMatchObject({ url: '/api/user/logout' })
  })
})

describe('profile and security', () => {
  beforeEach(() => useAppStore.getState().setUser(ZHANG))

  test('refreshUser stores the info and config and refreshes the login result', async () => {
    const info = { wtId: ZHANG.wtId, phone: '13800000001', avatar: '/a.svg', nickName: '张三丰', vipLevel: 4, vipType: 1, bio: '' }
    const config = { phraseSwitch: 1, lockPwdEnabled: false, lockPwdTips: '', allowNotifications: true, showPreviews: true }
    server.on('/user/info', { code: 200, data: info }).on('/user/userConfig/getInfo', { code: 200, data: config })
    await session.refreshUser()
    const s = useAppStore.getState()
    expect(server.calls.map((c) => c.method)).toEqual(['GET', 'GET'])
    expect(s.userInfo).toEqual(info)
    expect(s.userConfig).toEqual(config)
    expect(s.user).toEqual({ ...ZHANG, avatar: '/a.svg', nickName: '张三丰', vipLevel: 4, vipType: 1 })
    expect(stored()?.nickName).toBe('张三丰')
  })

  test('setting and clearing the lock password reload the config', async () => {
    const config = { phraseSwitch: 1, lockPwdEnabled: true, lockPwdTips: '提示', allowNotifications: true, showPreviews: true }
    server
      .on('/user/security/lockPwd', { code: 200 })
      .on('/user/security/lockPwd/clear', { code: 200 })
      .on('/user/userConfig/getInfo', { code: 200, data: config }, { code: 200, data: { ...config, lockPwdEnabled: false, lockPwdTips: '' } })
    await session.setLockPassword('demo1234', 'lock-9876', '提示')
    expect(server.calls[0]!.body).toEqual({ pwd: 'demo1234', lockPwd: 'lock-9876', tips: '提示' })
    expect(useAppStore.getState().userConfig?.lockPwdEnabled).toBe(true)
    await session.clearLockPassword('demo1234')
    expect(server.calls[2]!.body).toEqual({ pwd: 'demo1234' })
    expect(useAppStore.getState().userConfig?.lockPwdEnabled).toBe(false)
  })

  test('changePassword sends both passwords and keeps this session', async () => {
    server.on('/user/security/password', { code: 200 })
    await session.changePassword('old12345', 'new12345')
    expect(server.calls[0]!.body).toEqual({ oldPwd: 'old12345', newPwd: 'new12345' })
    expect(useAppStore.getState().user).toEqual(ZHANG)
  })
})

describe('restoreSession', () => {
  test('brings back a stored login result', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...ZHANG, status: 'confirmed' }))
    await expect(session.restoreSession()).resolves.toBe(true)
    expect(useAppStore.getState().user).toEqual(ZHANG)
  })

  test('throws away something that is not a login result', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'x' }))
    await expect(session.restoreSession()).resolves.toBe(false)
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
    expect(useAppStore.getState().user).toBeNull()
  })
})
