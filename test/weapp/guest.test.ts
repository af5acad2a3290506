/**
 * The pages a guest opens in the compiled mini-program (home, about, 404, the membership levels)
 * and the guard that sends a guest from a page that needs a login to the login page. No session;
 * the app still talks to the suite's server. Build first: `npm run build:weapp`.
 */
import { nodeText, openPage, waitFor, type MiniPage } from './harness'

const button = (page: MiniPage, label: string) => page.withClass('btn').find((n) => nodeText(n) === label)

test('home: the hero, the product introduction and 关于我们; 立即体验网页版 opens the messages page in its place', async () => {
  const page = openPage('pages/home/index')
  await waitFor(() => page.byText('把聊天装进你自己的服务器').length === 1, 'the hero')
  expect(page.withClass('home-section__title').map(nodeText)).toEqual(['产品介绍', '关于我们'])
  expect(page.withClass('home-feature').length).toBeGreaterThan(0)
  page.tap(button(page, '立即体验网页版'))
  await waitFor(() => page.navigations.length > 0, 'the page change')
  // In place of the guest page, so going back inside the app never returns to it.
  expect(page.navigations[0]).toEqual({ api: 'redirectTo', url: '/pages/messages/index' })
})

test('about: 关于微谈', async () => {
  const page = openPage('pages/about/index')
  await waitFor(() => page.byText('关于微谈').length === 1, 'the about title')
  expect(page.withClass('about__lead')).toHaveLength(1)
})

test('404: 页面不存在, and 返回首页 goes back to the home page', async () => {
  const page = openPage('pages/not-found/index')
  await waitFor(() => page.byText('页面不存在').length === 1, 'the 404 title')
  page.tap(button(page, '返回首页'))
  await waitFor(() => page.navigations.length > 0, 'the page change')
  expect(page.navigations[0]).toEqual({ api: 'reLaunch', url: '/pages/home/index' })
})

test('the membership levels page lists VIP1 to VIP10', async () => {
  const page = openPage('pages/h5-level/index')
  await waitFor(() => page.withClass('level__row').length === 10, 'the ten levels')
  const names = page.withClass('level__name').map(nodeText)
  expect(names[0]).toMatch(/^VIP1 · /)
  expect(names[9]).toMatch(/^VIP10 · /)
  const points = page.withClass('level__point').map(nodeText).join('\n')
  expect(points).toContain('主动申请加入需要会员等级不低于该等级')
  expect(points).not.toContain('等级只决定徽章样式')
  // A guest who opened it by a link has no page below: its back link leads to the home page.
  expect(nodeText(page.withClass('level__back')[0]!)).toContain('返回首页')
  page.tap(page.withClass('level__back')[0])
  await waitFor(() => page.navigations.length > 0, 'the page change')
  expect(page.navigations[0]).toEqual({ api: 'reLaunch', url: '/pages/home/index' })
})

test('a guest who opens the messages page is sent to the login page, to come back after it', async () => {
  const page = openPage('pages/messages/index')
  await waitFor(() => page.navigations.length > 0, 'the redirect')
  expect(page.navigations[0]!.url).toMatch(/^\/pages\/login\/index\?redirect=/)
  expect(decodeURIComponent(page.navigations[0]!.url.split('redirect=')[1]!)).toBe('/messages')
})
