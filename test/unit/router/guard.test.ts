import { act, waitFor } from '@testing-library/react'
import type { LoginResult } from '@shared/auth'
import { ChatEngineError, ChatErrorCode } from '@/engines/chat/ChatEngine'
import type { App } from '@/root/createApp'
import { bootRewrite, resolveAccess, useRouteGuard } from '@/router/guard'
import { ROUTES } from '@/router/routes'
import type { AppStore } from '@/stores'
import { emitPageEvent, setCurrentRoute, taroState } from '../../setup/taroState'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import { renderHookInApp, testApp } from '../helpers/testApp'

const USER: LoginResult = { token: 't', wtId: '10000001', imToken: 'sig', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 }
const guest = { loggedIn: false }
const member = { loggedIn: true }

describe('resolveAccess', () => {
  test('guest and public routes are open to everyone', () => {
    for (const path of ['/', '/login', '/login?redirect=%2Fmessages', '/about', '/404', '/h5/level']) {
      expect(resolveAccess(path, guest)).toEqual({ kind: 'allow' })
      expect(resolveAccess(path, member)).toEqual({ kind: 'allow' })
    }
  })

  test('every login route sends a guest to /login with the encoded path and query', () => {
    const loginRoutes = ROUTES.filter((r) => r.access === 'login')
    expect(loginRoutes.map((r) => r.path)).toEqual(['/messages', '/contacts', '/favorites', '/moments', '/moments/detail', '/member', '/admin'])
    for (const route of loginRoutes) {
      expect(resolveAccess(route.path, guest)).toEqual({ kind: 'redirect', to: `/login?redirect=${encodeURIComponent(route.path)}` })
      expect(resolveAccess(route.path, member)).toEqual({ kind: 'allow' })
    }
    expect(resolveAccess('/moments/detail?id=12&from=share', guest)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fmoments%2Fdetail%3Fid%3D12%26from%3Dshare',
    })
    expect(resolveAccess('/moments/12', guest)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fmoments%2F12' })
  })

  test('an unknown path goes to /404, logged in or not', () => {
    for (const path of ['/nope', '/messages/extra', '/login/x?y=1', '/pages']) {
      expect(resolveAccess(path, guest)).toEqual({ kind: 'redirect', to: '/404' })
      expect(resolveAccess(path, member)).toEqual({ kind: 'redirect', to: '/404' })
    }
  })

  test('any path under /h5 skips the checks', () => {
    for (const path of ['/h5', '/h5/level', '/h5/anything/else?x=1']) expect(resolveAccess(path, guest)).toEqual({ kind: 'allow' })
    expect(resolveAccess('/h5x', guest)).toEqual({ kind: 'redirect', to: '/404' })
  })

  test('Taro page paths and trailing slashes are the same routes', () => {
    expect(resolveAccess('/pages/contacts/index', guest)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fpages%2Fcontacts%2Findex' })
    expect(resolveAccess('/contacts/', member)).toEqual({ kind: 'allow' })
  })
})

describe('bootRewrite (H5 launch URL)', () => {
  test.each([
    ['/moments/42', '', '/moments/detail?id=42'],
    ['/moments/42', '?from=share', '/moments/detail?from=share&id=42'],
    ['/moments/%E4%B8%AD', '', '/moments/detail?id=%E4%B8%AD'],
    ['/nope', '', '/404'],
    ['/nope', '?a=1', '/404'],
    ['/messages/extra', '', '/404'],
    ['/h5/unknown', '', '/404'],
    ['/login/', '?redirect=%2Fcontacts', '/login?redirect=%2Fcontacts'],
    ['/pages/login/index', '?redirect=%2Fcontacts', '/login?redirect=%2Fcontacts'],
    ['/index.html', '', '/'],
  ])('%s%s → %s', (path, search, expected) => {
    expect(bootRewrite(path, search)).toBe(expected)
  })

  test.each([
    ['/', ''],
    ['/login', '?redirect=%2Fcontacts'],
    ['/messages', '?qrLogin=abcdefgh'],
    ['/moments', ''],
    ['/moments/detail', '?id=42'],
    ['/h5/level', ''],
    ['/404', ''],
    ['/pages/home/index', ''],
  ])('%s%s is kept', (path, search) => {
    expect(bootRewrite(path, search)).toBeNull()
  })
})

describe('useRouteGuard', () => {
  let engine: FakeChatEngine
  let app: App
  let useAppStore: AppStore
  const renderHook = <R,>(hook: () => R) => renderHookInApp(app, hook)

  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    engine = new FakeChatEngine()
    app = testApp(engine)
    useAppStore = app.store
  })

  test('sets the title and lets a guest open a guest page', async () => {
    setCurrentRoute('/pages/about/index')
    const { result } = renderHook(() => useRouteGuard('about'))
    await waitFor(() => expect(result.current).toBe('allowed'))
    expect(document.title).toBe('关于我们 - 微谈')
    expect(useAppStore.getState().loadingBar).toBe('done')
    expect(taroState.navigations).toEqual([])
    expect(engine.login).not.toHaveBeenCalled()
  })

  test('sends a guest on a login page to /login with the redirect query', async () => {
    setCurrentRoute('/pages/contacts/index?tab=groups')
    const { result } = renderHook(() => useRouteGuard('contacts'))
    await waitFor(() => expect(result.current).toBe('redirecting'))
    expect(taroState.navigations).toEqual([
      { method: 'redirectTo', url: `/pages/login/index?redirect=${encodeURIComponent('/contacts?tab=groups')}` },
    ])
    expect(document.title).toBe('通讯录 - 微谈')
  })

  test('logs the messaging service in before a login page shows', async () => {
    useAppStore.getState().setUser(USER)
    setCurrentRoute('/pages/messages/index')
    let loadingWhileLoggingIn = ''
    engine.loginImpl = async () => {
      loadingWhileLoggingIn = useAppStore.getState().loadingBar
    }
    const { result } = renderHook(() => useRouteGuard('messages'))
    await waitFor(() => expect(result.current).toBe('allowed'))
    expect(engine.login).toHaveBeenCalledWith({ userID: USER.wtId, userSig: USER.imToken })
    expect(loadingWhileLoggingIn).toBe('loading')
    expect(useAppStore.getState().imReady).toBe(true)
    expect(useAppStore.getState().loadingBar).toBe('done')
  })

  test('a failed messaging login shows the loading bar error and goes to /login', async () => {
    useAppStore.getState().setUser(USER)
    setCurrentRoute('/pages/moment-detail/index?id=7')
    engine.loginImpl = async () => {
      throw new ChatEngineError(ChatErrorCode.Timeout, 'timeout')
    }
    const { result } = renderHook(() => useRouteGuard('momentDetail'))
    await waitFor(() => expect(result.current).toBe('redirecting'))
    expect(useAppStore.getState().loadingBar).toBe('error')
    expect(taroState.navigations).toEqual([
      { method: 'redirectTo', url: `/pages/login/index?redirect=${encodeURIComponent('/moments/detail?id=7')}` },
    ])
  })

  test('runs again when its page comes back after being covered', async () => {
    useAppStore.getState().setUser(USER)
    setCurrentRoute('/pages/messages/index')
    const { result } = renderHook(() => useRouteGuard('messages'))
    await waitFor(() => expect(result.current).toBe('allowed'))

    act(() => emitPageEvent('show'))
    expect(taroState.navigations).toEqual([])

    act(() => {
      emitPageEvent('hide')
      useAppStore.getState().clearSession()
      emitPageEvent('show')
    })
    await waitFor(() => expect(result.current).toBe('redirecting'))
    expect(taroState.navigations[0]?.url).toBe(`/pages/login/index?redirect=${encodeURIComponent('/messages')}`)
  })
})
