/**
 * The compiled mini-program's call screen over TRTC, against the suite's server that holds a
 * TRTC application (WEAPP_TRTC_SERVER): a friend's device rings the user with a real call
 * message; the screen shows one <live-pusher> (our camera and microphone); accepting sends the
 * accept through the server to the friend and gives the pusher the room URL signed with the
 * UserSig the server issued; a remote user publishing, as the pusher reports it, gets a
 * <live-player>. What stands in: the WeChat device (authorisation, screen, the native
 * components' contexts and events), never the server. Build first: `npm run build:weapp`.
 */
import { inflateSync } from 'node:zlib'
import { TEST_TRTC_APP_ID } from './trtcApp'
import { befriend, c2cConversation, callInvite, connectDevice, registerUser, type Device, type TestUser } from './accounts'
import { findNodes, nodeAttr, nodeText, openPage, waitFor, type MiniPage } from './harness'

const globals = globalThis as unknown as { wx: Record<string, unknown> }
const plainServer = process.env.WEAPP_TEST_SERVER

beforeAll(() => {
  if (!process.env.WEAPP_TRTC_SERVER) throw new Error('WEAPP_TRTC_SERVER is not set: run the suite with test/weapp/jest.config.js')
  process.env.WEAPP_TEST_SERVER = process.env.WEAPP_TRTC_SERVER
})
afterAll(() => {
  process.env.WEAPP_TEST_SERVER = plainServer
})

interface PhoneSeen {
  authorized: string[]
  keepScreenOn: boolean[]
}

/** The phone's side of a call: permissions granted, the screen kept on, native contexts. */
function installCallDevice(): PhoneSeen {
  const seen: PhoneSeen = { authorized: [], keepScreenOn: [] }
  const wx = globals.wx
  wx.authorize = (opts: { scope: string; success?: (r: object) => void; complete?: (r: object) => void }) => {
    seen.authorized.push(opts.scope)
    setTimeout(() => {
      opts.success?.({ errMsg: 'authorize:ok' })
      opts.complete?.({ errMsg: 'authorize:ok' })
    }, 1)
  }
  wx.setKeepScreenOn = (opts: { keepScreenOn: boolean; success?: (r: object) => void }) => {
    seen.keepScreenOn.push(opts.keepScreenOn)
    opts.success?.({ errMsg: 'setKeepScreenOn:ok' })
  }
  wx.createLivePusherContext = () => ({ start() {}, stop() {}, switchCamera() {} })
  wx.createLivePlayerContext = () => ({ play() {}, stop() {}, mute() {} })
  wx.getSystemInfo = (opts: { success?: (r: object) => void }) => opts.success?.({ platform: 'devtools', SDKVersion: '3.0.0' })
  return seen
}

const pushers = (page: MiniPage) => findNodes(page.tree(), (n) => n.tagName === 'wx-live-pusher')
const players = (page: MiniPage) => findNodes(page.tree(), (n) => n.tagName === 'wx-live-player')

/** The UserSig's content: tls-sig-api-v2 writes deflated JSON in URL-safe base64 ('*', '-', '_'). */
function readUserSig(sig: string): Record<string, unknown> {
  const base64 = sig.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '=')
  return JSON.parse(inflateSync(Buffer.from(base64, 'base64')).toString('utf8')) as Record<string, unknown>
}

interface Ringing {
  me: TestUser
  friend: TestUser
  device: Device
  seen: PhoneSeen
  page: MiniPage
  inviteID: string
}

const devices: Device[] = []
afterEach(() => {
  for (const d of devices.splice(0)) d.close()
})

/** A fresh pair of friends; the friend's device rings the user, whose messages page is open. */
async function ringing(): Promise<Ringing> {
  const [me, friend] = await Promise.all([registerUser('小明'), registerUser('小红')])
  await befriend(me, friend)
  const device = await connectDevice(friend)
  devices.push(device)
  const page = openPage('pages/messages/index', { session: me })
  // openPage boots the simulator, which creates wx; the call needs these only once it rings.
  const seen = installCallDevice()
  await waitFor(() => page.requests.some((r) => r.method === 'WS'), 'the message socket')
  await waitFor(() => page.withClass('conv-list').length > 0 || page.byText('暂无会话').length > 0, 'the conversation list')
  const inviteID = `call-weapp-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const sent = await device.send(c2cConversation(me.wtId), 'TIMCustomElem', { data: JSON.stringify(callInvite(inviteID, friend, me)), description: '', extension: '' })
  expect(sent).toMatchObject({ type: 'ack' })
  await waitFor(() => pushers(page).length === 1, 'the live-pusher of the ringing call')
  return { me, friend, device, seen, page, inviteID }
}

/** Accepts the ringing call and waits until the pusher has its room URL. */
async function accepted(call: Ringing): Promise<URL> {
  const { page } = call
  // The tap goes to the innermost node with an id whose text is 接听: the button, not its label.
  page.tap(findNodes(page.tree(), (n) => nodeText(n) === '接听' && !!nodeAttr(n, 'id')).at(-1))
  await waitFor(() => String(nodeAttr(pushers(page)[0]!, 'url') ?? '').startsWith('room://'), 'the room URL on the pusher')
  return new URL(String(nodeAttr(pushers(page)[0]!, 'url')).replace(/^room:/, 'https:'))
}

test('a ringing video call asks for the camera and microphone and shows one live-pusher in RTC mode, not yet pushing', async () => {
  const { seen, page } = await ringing()
  expect(seen.authorized).toEqual(expect.arrayContaining(['scope.record', 'scope.camera']))
  const [pusher] = pushers(page)
  expect(nodeAttr(pusher!, 'mode')).toBe('RTC')
  expect(nodeAttr(pusher!, 'autopush')).toBe(true)
  expect(nodeAttr(pusher!, 'enableCamera')).toBe(true)
  expect(nodeAttr(pusher!, 'enableMic')).toBe(true)
  expect(nodeAttr(pusher!, 'devicePosition')).toBe('front')
  expect(nodeAttr(pusher!, 'url') ?? '').toBe('')
  expect(players(page)).toHaveLength(0)
  expect(seen.keepScreenOn).toContain(true)
})

test('accepting reaches the caller through the server and enters the room with a UserSig the server signed for this user', async () => {
  const call = await ringing()
  const url = await accepted(call)
  const { me, device, page, inviteID } = call
  const signal = await device.next((f) => {
    const m = f.message as { from?: string; payload?: { data?: string } } | undefined
    return f.type === 'msg' && m?.from === me.wtId && (m.payload?.data ?? '').includes(inviteID)
  })
  expect(JSON.parse((signal.message as { payload: { data: string } }).payload.data)).toMatchObject({ inviteID, actionType: 3 })
  expect(url.searchParams.get('sdkappid')).toBe(String(TEST_TRTC_APP_ID))
  expect(url.searchParams.get('strroomid')).toBe(inviteID)
  expect(url.searchParams.get('userid')).toBe(me.wtId)
  const sig = readUserSig(url.searchParams.get('usersig') ?? '')
  expect(sig['TLS.identifier']).toBe(me.wtId)
  expect(sig['TLS.sdkappid']).toBe(TEST_TRTC_APP_ID)
  expect(Number(sig['TLS.expire'])).toBeGreaterThan(0)
  expect(page.requests.some((r) => r.path.endsWith('/api/media/trtc/userSig'))).toBe(true)
})

test('a remote user entering and publishing, as the pusher reports it, gets a live-player with its stream', async () => {
  const call = await ringing()
  await accepted(call)
  const { friend, page } = call
  const pusher = pushers(page)[0]!
  const playUrl = `room://cloud.tencent.com/rtc?userid=${friend.wtId}&streamtype=main`
  page.dispatch(pusher, 'statechange', { code: 1018, message: '进房成功' })
  page.dispatch(pusher, 'statechange', { code: 1031, message: JSON.stringify({ userlist: [{ userid: friend.wtId }] }) })
  page.dispatch(pusher, 'statechange', { code: 1033, message: JSON.stringify({ userlist: [{ userid: friend.wtId, streamtype: 'main', hasvideo: true, playurl: playUrl }] }) })
  page.dispatch(pusher, 'statechange', { code: 1034, message: JSON.stringify({ userlist: [{ userid: friend.wtId, hasaudio: true, playurl: playUrl }] }) })
  await waitFor(() => players(page).length === 1, 'the live-player of the remote user')
  const [player] = players(page)
  expect(nodeAttr(player!, 'src')).toBe(playUrl)
  expect(nodeAttr(player!, 'mode')).toBe('RTC')
  expect(nodeAttr(player!, 'autoplay')).toBe(true)
  expect(nodeAttr(player!, 'muted')).toBe(false)
  expect(nodeAttr(player!, 'soundMode')).toBe('speaker')
  expect(nodeAttr(player!, 'objectFit')).toBe('fillCrop')
  expect(nodeAttr(player!, 'id')).toBe(`${friend.wtId}_main`)
})
