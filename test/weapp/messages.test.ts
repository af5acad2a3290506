/**
 * The compiled mini-program's messages page (dist/weapp/pages/messages) logged in against the
 * suite's server: the conversation list from the server, a chat opened from it, a message sent
 * to a friend's second device and one received from it while the chat is open.
 * Build first: `npm run build:weapp`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { befriend, c2cConversation, connectDevice, PNG_1x1, registerUser, type TestUser } from './accounts'
import { findNodes, nodeAttr, nodeText, openPage, waitFor, type MiniPage } from './harness'

const rowNamed = (page: MiniPage, name: string) => page.withClass('conv-row').find((row) => page.withClass('conv-row__name', row).some((n) => nodeText(n) === name))
const bubbles = (page: MiniPage) => page.withClass('msg-row__line').map(nodeText)

/** Opens the messages page as `me` and the chat with `friendName` from the list. */
async function openChat(me: TestUser, friendName: string, album: string[] = []): Promise<MiniPage> {
  const page = openPage('pages/messages/index', { session: me, album })
  await waitFor(() => rowNamed(page, friendName) !== undefined, `the conversation with ${friendName}`)
  page.tap(rowNamed(page, friendName))
  await waitFor(() => page.withClass('chat-input__editor').length === 1, 'the chat editor')
  return page
}

/** 小红 wrote to 小明 before his app opened; his messages page shows the conversation. */
async function listWithFriendsMessage(text: string): Promise<{ me: TestUser; page: MiniPage }> {
  const [me, friend] = await Promise.all([registerUser('小明'), registerUser('小红')])
  await befriend(me, friend)
  const device = await connectDevice(friend)
  await device.sendText(c2cConversation(me.wtId), text)
  device.close()

  const page = openPage('pages/messages/index', { session: me })
  await waitFor(() => rowNamed(page, '小红') !== undefined, 'the conversation with 小红')
  return { me, page }
}

test('the conversation list shows a friend\'s message sent before the app opened, with its unread badge', async () => {
  const { me, page } = await listWithFriendsMessage('你好，小明')
  const row = rowNamed(page, '小红')!
  expect(nodeText(page.withClass('conv-row__summary', row)[0]!)).toBe('你好，小明')
  expect(nodeText(page.withClass('conv-row__badge', row)[0]!)).toBe('1')
  expect(page.requests.some((r) => r.method === 'WS' && r.path === `/ws/${encodeURIComponent(me.token)}`)).toBe(true)
})

test("the server's default avatars load from the server's address, which the mini-program has no origin to supply", async () => {
  const { page } = await listWithFriendsMessage('你好')
  const avatar = findNodes(rowNamed(page, '小红')!, (n) => n.tagName === 'wx-image' && String(nodeAttr(n, 'class') ?? '').includes('avatar'))[0]!
  // The build's server address (WEAPP_API_BASE) in front: a bare /api/… path is a file of the package to WeChat.
  expect(String(nodeAttr(avatar, 'src'))).toMatch(/^https?:\/\/[^/]+\/api\/avatar\/default\/p\d\.svg$/)
})

test('a chat opened from the list sends a message the friend\'s device receives, and shows the friend\'s reply', async () => {
  const [me, friend] = await Promise.all([registerUser('小明'), registerUser('小红')])
  await befriend(me, friend)
  const device = await connectDevice(friend)
  await device.sendText(c2cConversation(me.wtId), '在吗')

  const page = await openChat(me, '小红')
  await waitFor(() => bubbles(page).includes('在吗'), 'the earlier message in the chat')

  page.type(page.withClass('chat-input__editor')[0], '在的，刚到家')
  // 发送 takes the ＋ button's place once there is text.
  await waitFor(() => page.withClass('phone-input__send').length === 1, 'the 发送 button')
  page.tap(page.withClass('phone-input__send')[0])
  const received = await device.next((f) => f.type === 'msg' && (f.message as { payload?: { text?: string } }).payload?.text === '在的，刚到家')
  expect((received.message as { from: string }).from).toBe(me.wtId)
  await waitFor(() => bubbles(page).includes('在的，刚到家'), 'the sent message in the chat')

  await device.sendText(c2cConversation(me.wtId), '好的，晚点聊')
  await waitFor(() => bubbles(page).includes('好的，晚点聊'), 'the friend\'s reply arriving live')
  device.close()
})

test('without a TRTC application on the server the chat explains, in place of the call buttons, why there are none', async () => {
  const [me, friend] = await Promise.all([registerUser('小明'), registerUser('小红')])
  await befriend(me, friend)
  const device = await connectDevice(friend)
  await device.sendText(c2cConversation(me.wtId), '能视频吗')
  device.close()

  const page = await openChat(me, '小红')
  // The call tiles' place is the ＋ panel of the phone's input row.
  page.tap(page.withClass('phone-input__more')[0])
  await waitFor(() => page.byText('小程序通话需服务端配置实时音视频（TRTC）').length === 1, 'the one-line notice')
  expect(findNodes(page.tree(), (n) => n.tagName === 'wx-live-pusher')).toHaveLength(0)
})

let albumDir = ''
afterAll(() => {
  if (albumDir) fs.rmSync(albumDir, { recursive: true, force: true })
})

test('a picture from the album is uploaded through wx.uploadFile and arrives as an image message', async () => {
  const [me, friend] = await Promise.all([registerUser('小明'), registerUser('小红')])
  await befriend(me, friend)
  const device = await connectDevice(friend)
  await device.sendText(c2cConversation(me.wtId), '发张照片看看')
  albumDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weapp-album-'))
  const photo = path.join(albumDir, 'photo.png')
  fs.writeFileSync(photo, PNG_1x1)

  const page = await openChat(me, '小红', [photo])
  // 相册 is the first tile of the ＋ panel.
  page.tap(page.withClass('phone-input__more')[0])
  await waitFor(() => page.withClass('plus-tile').length > 0, 'the ＋ panel')
  expect(nodeText(page.withClass('plus-tile')[0]!)).toBe('相册')
  page.tap(page.withClass('plus-tile')[0])
  const received = await device.next((f) => f.type === 'msg' && (f.message as { from?: string }).from === me.wtId)
  const message = received.message as { type: string; payload: Record<string, unknown> }
  expect(message.type).toBe('TIMImageElem')
  expect(JSON.stringify(message.payload)).toMatch(/\/api\/oss\/file\//)
  expect(page.requests.some((r) => r.method === 'POST' && r.path === '/api/oss/upload')).toBe(true)
  device.close()
})
