import { currentQuery, matchPath, navigate, openPath, pageUrl, publicUrl, redirect, redirectAfterLogin, relaunch, safeRedirectTarget } from '@/router/navigation'
import { setCurrentRoute, taroState } from '../../setup/taroState'

test('pageUrl and publicUrl come from routes.json', () => {
  expect(pageUrl('momentDetail', { id: '5' })).toBe('/pages/moment-detail/index?id=5')
  expect(publicUrl('momentDetail', { id: '5' })).toBe('/moments/detail?id=5')
  expect(publicUrl('home')).toBe('/')
})

test('matchPath resolves public paths, page paths and moment links', () => {
  expect(matchPath('/contacts?x=1')).toMatchObject({ route: { name: 'contacts' }, query: { x: '1' } })
  expect(matchPath('/pages/member/index')).toMatchObject({ route: { name: 'member' } })
  expect(matchPath('/moments/99?a=b')).toMatchObject({ route: { name: 'momentDetail' }, query: { a: 'b', id: '99' } })
  expect(matchPath('/')).toMatchObject({ route: { name: 'home' } })
  expect(matchPath('/unknown')).toBeNull()
})

test('navigate pushes, redirect replaces, relaunch restarts, each with the Taro page path', async () => {
  await navigate('contacts')
  await redirect('messages', { qrLogin: 'abc' })
  await relaunch('login')
  expect(taroState.navigations).toEqual([
    { method: 'navigateTo', url: '/pages/contacts/index' },
    { method: 'redirectTo', url: '/pages/messages/index?qrLogin=abc' },
    { method: 'reLaunch', url: '/pages/login/index' },
  ])
})

test('openPath maps public paths to pages; unknown ones open the 404 page', async () => {
  await openPath('/moments/12')
  await openPath('/nowhere', 'redirect')
  expect(taroState.navigations).toEqual([
    { method: 'navigateTo', url: '/pages/moment-detail/index?id=12' },
    { method: 'redirectTo', url: '/pages/not-found/index' },
  ])
})

test('currentQuery leaves out the router bookkeeping', () => {
  setCurrentRoute('/pages/login/index?redirect=%2Fcontacts&stamp=3')
  expect(currentQuery()).toEqual({ redirect: '/contacts' })
})

test('only paths of this app are followed after a login', async () => {
  expect(safeRedirectTarget('/contacts?x=1')).toBe('/contacts?x=1')
  for (const bad of [undefined, '', 'https://evil.example', '//evil.example/x', '/login', '/nope']) expect(safeRedirectTarget(bad)).toBeNull()

  setCurrentRoute(`/pages/login/index?redirect=${encodeURIComponent('/contacts')}`)
  await redirectAfterLogin()
  setCurrentRoute('/pages/login/index?redirect=https%3A%2F%2Fevil.example')
  await redirectAfterLogin()
  expect(taroState.navigations).toEqual([
    { method: 'reLaunch', url: '/pages/contacts/index' },
    { method: 'reLaunch', url: '/pages/messages/index' },
  ])
})
