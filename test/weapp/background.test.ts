/**
 * The compiled mini-program leaving the screen and coming back (WeChat's onAppHide and
 * onAppShow), against the suite's server: hidden, its socket closes (WeChat would suspend it);
 * shown, it reconnects and catches up by sequence, so messages a friend sent meanwhile appear
 * once each, and none is lost. Build first: `npm run build:weapp`.
 */
import { befriend, c2cConversation, connectDevice, registerUser, type Device } from './accounts'
import { nodeText, openPage, waitFor, type MiniPage } from './harness'

const rowNamed = (page: MiniPage, name: string) => page.withClass('conv-row').find((row) => page.withClass('conv-row__name', row).some((n) => nodeText(n) === name))
const bubbles = (page: MiniPage) => page.withClass('msg-row__line').map(nodeText)
const sockets = (page: MiniPage) => page.requests.filter((r) => r.method === 'WS').length

let device: Device | null = null
afterEach(() => device?.close())

test('hidden, the socket closes; shown, it reconnects and shows what was sent meanwhile, once each', async () => {
  const [me, friend] = await Promise.all([registerUser('小明'), registerUser('小红')])
  await befriend(me, friend)
  device = await connectDevice(friend)
  const conversation = c2cConversation(me.wtId)
  await device.sendText(conversation, '在吗')

  const page = openPage('pages/messages/index', { session: me })
  await waitFor(() => rowNamed(page, '小红') !== undefined, 'the conversation with 小红')
  page.tap(rowNamed(page, '小红'))
  await waitFor(() => bubbles(page).includes('在吗'), 'the first message in the chat')
  expect(sockets(page)).toBe(1)

  page.hideApp()
  await device.sendText(conversation, '第一条：你离开的时候发的')
  await device.sendText(conversation, '第二条：也是离开时发的')
  // With the socket open these would arrive within milliseconds; closed, nothing comes.
  await new Promise((r) => setTimeout(r, 1500))
  expect(bubbles(page)).not.toContain('第一条：你离开的时候发的')
  expect(sockets(page)).toBe(1)

  page.showApp()
  await waitFor(() => sockets(page) === 2, 'a new socket once shown')
  await waitFor(() => bubbles(page).includes('第二条：也是离开时发的'), 'the messages sent while hidden')
  await new Promise((r) => setTimeout(r, 500))
  const seen = bubbles(page)
  for (const text of ['在吗', '第一条：你离开的时候发的', '第二条：也是离开时发的']) expect(seen.filter((t) => t === text)).toHaveLength(1)
  expect(seen.indexOf('第一条：你离开的时候发的')).toBeLessThan(seen.indexOf('第二条：也是离开时发的'))

  // Still live after the catch-up: a new message arrives at once.
  await device.sendText(conversation, '回来了')
  await waitFor(() => bubbles(page).includes('回来了'), 'a message after coming back')
})
