/**
 * The compiled mini-program's call screen (TRTC): rendered by miniprogram-simulate with the
 * official compiler inside a logged-in page, the server stood in for by wx.request answers (a
 * server with a TRTC application: site info says so and the UserSig route signs) and a
 * wx.connectSocket that delivers a call invitation. The screen must show one <live-pusher> (our
 * camera and microphone) and, once the pusher reports a remote user publishing, a <live-player>
 * for that user, with the attributes TRTC's RTC mode needs. Build first: `npm run build:weapp`.
 */
import path from 'node:path'
import simulate from 'miniprogram-simulate'
import { answerRequests, findNodes, nodeAttr, nodeText, ownText, renderPage, waitFor, type SimNode } from './harness'

const distRoot = path.resolve(__dirname, '../../dist/weapp')
const ME = '10000001'
const PEER = '10000002'
const INVITE_ID = 'call-weapp-0001'
const session = { token: 'token-weapp', wtId: ME, imToken: 'im', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 }
const userSig = { sdkAppId: 1400000001, userId: ME, userSig: 'signed-by-the-server', expiresAt: 2_000_000_000 }

interface Page {
  toJSON(): SimNode
  querySelector(selector: string): { dispatchEvent(name: string, options?: object): void } | null
}

const asked: string[] = []
const keepScreenOn: boolean[] = []
const authorized: string[] = []
let deliver: (frame: object) => void = () => undefined
let page: Page

function fakeSocketTask(url: string) {
  const on: Record<string, Array<(res: unknown) => void>> = {}
  const task = {
    readyState: 0,
    onOpen: (fn: () => void) => (on.open ??= []).push(fn),
    onMessage: (fn: (res: unknown) => void) => (on.message ??= []).push(fn),
    onError: (fn: (res: unknown) => void) => (on.error ??= []).push(fn),
    onClose: (fn: (res: unknown) => void) => (on.close ??= []).push(fn),
    send: () => undefined,
    close: () => undefined,
  }
  const emit = (kind: string, res?: unknown) => (on[kind] ?? []).forEach((fn) => fn(res))
  if (url.includes('/ws/')) {
    deliver = (frame) => emit('message', { data: JSON.stringify(frame) })
    setTimeout(() => {
      task.readyState = 1
      emit('open')
      deliver({ type: 'hello', protocolVersion: 1, wtId: ME })
    }, 5)
  }
  return task
}

const invite = {
  ID: 'm-invite-1',
  clientMsgId: 'client-invite-1-xxxxxx',
  type: 'TIMCustomElem',
  payload: {
    data: JSON.stringify({
      businessID: 1,
      inviteID: INVITE_ID,
      actionType: 1,
      inviter: PEER,
      inviteeList: [ME],
      groupID: '',
      timeout: 30,
      data: { version: 4, call_type: 2, room_id: 0, data: { cmd: 'videoCall', inviter: PEER } },
    }),
    description: '',
    extension: '',
  },
  conversationID: `C2C${PEER}`,
  conversationType: 'C2C',
  from: PEER,
  nick: '李四',
  nameCard: '',
  avatar: '',
  time: Math.floor(Date.now() / 1000),
  sequence: 1,
  cloudCustomData: '',
  atUserList: [],
  needReadReceipt: false,
  isRevoked: false,
  revoker: '',
  hasRiskContent: false,
  readReceiptInfo: { readCount: 0, unreadCount: 0 },
}

beforeAll(async () => {
  const wx = (globalThis as unknown as { wx: Record<string, unknown> }).wx
  wx.getStorageSync = (key: string) => (key === 'wt_session' ? JSON.stringify(session) : '')
  wx.connectSocket = (opts: { url: string }) => fakeSocketTask(opts.url)
  wx.authorize = (opts: { scope: string; success?: (r: object) => void; complete?: (r: object) => void }) => {
    authorized.push(opts.scope)
    setTimeout(() => {
      opts.success?.({ errMsg: 'authorize:ok' })
      opts.complete?.({ errMsg: 'authorize:ok' })
    }, 1)
  }
  wx.setKeepScreenOn = (opts: { keepScreenOn: boolean; success?: (r: object) => void }) => {
    keepScreenOn.push(opts.keepScreenOn)
    opts.success?.({ errMsg: 'setKeepScreenOn:ok' })
  }
  wx.createLivePusherContext = () => ({ start() {}, stop() {}, switchCamera() {} })
  wx.createLivePlayerContext = () => ({ play() {}, stop() {}, mute() {} })
  wx.getSystemInfo = (opts: { success?: (r: object) => void }) => opts.success?.({ platform: 'devtools', SDKVersion: '3.0.0' })
  answerRequests((options) => {
    asked.push(options.url)
    if (options.url.endsWith('/api/site/info')) return { productName: '微谈', version: '1.0.0', footer: { company: '', address: '', contact: '', registration: '' }, chatFeatures: {}, trtc: true }
    if (options.url.endsWith('/api/dict/data/getListByDictType')) return [{ dictCode: 1, dictLabel: 'web_media_switch', dictValue: '1', dictType: 'web_media_switch', dictSort: 0, status: '0', remark: '' }]
    if (options.url.endsWith('/api/media/trtc/userSig')) return userSig
    if (options.url.endsWith('/api/im/conversations')) return []
    return null
  })
  page = renderPage(distRoot, 'pages/member/index', simulate) as unknown as Page
  await waitFor(() => asked.some((u) => u.endsWith('/api/site/info')), 'the site info', 10_000)
  await new Promise((r) => setTimeout(r, 300))
  deliver({ type: 'msg', message: invite })
  await waitFor(() => pushers().length === 1, 'the live-pusher of the ringing call', 10_000)
})

const tree = () => page.toJSON()
const pushers = () => findNodes(tree(), (n) => n.tagName === 'wx-live-pusher')
const players = () => findNodes(tree(), (n) => n.tagName === 'wx-live-player')
/** The simulator names a node's attributes in camelCase (enable-camera in the WXML is enableCamera here). */
const attr = (n: SimNode, name: string) => nodeAttr(n, name)

function fire(node: SimNode, event: string, detail: object) {
  const target = page.querySelector(`#${String(nodeAttr(node, 'id'))}`)
  expect(target).not.toBeNull()
  target!.dispatchEvent(event, { detail })
}

test('a ringing video call asks for the camera and microphone and shows one live-pusher in RTC mode, not yet pushing', () => {
  expect(authorized).toEqual(expect.arrayContaining(['scope.record', 'scope.camera']))
  const [pusher] = pushers()
  expect(attr(pusher!, 'mode')).toBe('RTC')
  expect(attr(pusher!, 'autopush')).toBe(true)
  expect(attr(pusher!, 'enableCamera')).toBe(true)
  expect(attr(pusher!, 'enableMic')).toBe(true)
  expect(attr(pusher!, 'devicePosition')).toBe('front')
  expect(attr(pusher!, 'url') ?? '').toBe('')
  expect(players()).toHaveLength(0)
  expect(keepScreenOn).toContain(true)
})

test('accepting enters the call room: the pusher gets the room URL signed with the UserSig from the server', async () => {
  const accept = findNodes(tree(), (n) => ownText(n) === '接听')[0]
  expect(accept).toBeDefined()
  const button = findNodes(tree(), (n) => nodeText(n) === '接听' && !!nodeAttr(n, 'id')).at(-1) ?? accept!
  page.querySelector(`#${String(nodeAttr(button, 'id'))}`)!.dispatchEvent('tap')
  await waitFor(() => String(attr(pushers()[0]!, 'url') ?? '').startsWith('room://'), 'the room URL on the pusher', 10_000)
  const url = String(attr(pushers()[0]!, 'url'))
  expect(url).toContain('sdkappid=1400000001')
  expect(url).toContain(`strroomid=${INVITE_ID}`)
  expect(url).toContain(`userid=${ME}`)
  expect(url).toContain('usersig=signed-by-the-server')
  expect(asked.some((u) => u.endsWith('/api/media/trtc/userSig'))).toBe(true)
})

test('a remote user entering and publishing, as the pusher reports it, gets a live-player with its stream', async () => {
  const pusher = pushers()[0]!
  fire(pusher, 'statechange', { code: 1018, message: '进房成功' })
  fire(pusher, 'statechange', { code: 1031, message: JSON.stringify({ userlist: [{ userid: PEER }] }) })
  fire(pusher, 'statechange', { code: 1033, message: JSON.stringify({ userlist: [{ userid: PEER, streamtype: 'main', hasvideo: true, playurl: `room://cloud.tencent.com/rtc?userid=${PEER}&streamtype=main` }] }) })
  fire(pusher, 'statechange', { code: 1034, message: JSON.stringify({ userlist: [{ userid: PEER, hasaudio: true, playurl: `room://cloud.tencent.com/rtc?userid=${PEER}&streamtype=main` }] }) })
  await waitFor(() => players().length === 1, 'the live-player of the remote user', 10_000)
  const [player] = players()
  expect(attr(player!, 'src')).toBe(`room://cloud.tencent.com/rtc?userid=${PEER}&streamtype=main`)
  expect(attr(player!, 'mode')).toBe('RTC')
  expect(attr(player!, 'autoplay')).toBe(true)
  expect(attr(player!, 'muted')).toBe(false)
  expect(attr(player!, 'soundMode')).toBe('speaker')
  expect(attr(player!, 'objectFit')).toBe('fillCrop')
  expect(attr(player!, 'id')).toBe(`${PEER}_main`)
})
