import type { LoginResult } from '@shared/auth'
import type { HttpResponse } from '@/platform/http'
import type { UploadRequest } from '@/platform/upload'
import type { AppStore } from '@/stores'
import { selectMessages } from '@/stores/selectors/chat'
import { conversation } from '../helpers/chatFixtures'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import type { ChatService } from '@/services/chat'
import { testApp } from '../helpers/testApp'

const uploads: Array<{ req: UploadRequest; finish(res: HttpResponse): void; fail(err: Error): void }> = []

jest.mock('@/platform/upload', () => ({
  upload: {
    upload: (req: UploadRequest) =>
      new Promise((resolve, reject) => {
        uploads.push({ req, finish: resolve, fail: reject })
      }),
  },
}))

jest.mock('@/platform/mediaInfo', () => ({
  mediaInfo: {
    imageSize: async () => ({ width: 640, height: 480 }),
    videoInfo: async () => ({ duration: 3, width: 320, height: 240, poster: null }),
  },
}))

const USER: LoginResult = { token: 'tok en', wtId: '10000001', imToken: 'sig', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 }
const PEER = 'C2C10000002'
const flush = () => new Promise((r) => setTimeout(r, 0))
const state = () => useAppStore.getState()
const ok = (url: string, size: number) => ({ statusCode: 200, data: { code: 200, msg: '上传成功', data: { url, data: { url }, name: 'x', size, mime: 'image/png' } } })
const file = (name: string, size = 1000) => ({ name, size, mime: 'image/png', localUrl: `blob:${name}`, blob: new Blob(['x']) })

let engine: FakeChatEngine
let useAppStore: AppStore
let { mediaUrl, resendMessage, sendAudio, sendFile, sendImage, uploadFile, bindChat, unbindChat } = {} as ChatService

beforeEach(async () => {
  uploads.length = 0
  engine = new FakeChatEngine()
  engine.ready = true
  const app = testApp(engine)
  useAppStore = app.store
  ;({ mediaUrl, resendMessage, sendAudio, sendFile, sendImage, uploadFile, bindChat, unbindChat } = app.chat)
  state().setUser(USER)
  state().setUserConfig({ phraseSwitch: 0, lockPwdEnabled: false, lockPwdTips: '', allowNotifications: true, showPreviews: false })
  bindChat()
  engine.conversations = [conversation(PEER)]
  state().upsertConversation(conversation(PEER))
  state().mergeMessages(PEER, [], { isCompleted: true })
})

afterEach(() => {
  unbindChat()
})

test('an image shows at once with its local preview, reports upload progress, then sends the uploaded URL', async () => {
  const sending = sendImage(PEER, file('a.png', 2048))
  await flush()
  const [shown] = selectMessages(state(), PEER).list
  expect(shown).toMatchObject({ type: 'TIMImageElem', status: 'unSend', progress: 0, localUrl: 'blob:a.png', payload: { url: 'blob:a.png', width: 640, height: 480 } })
  const [up] = uploads
  expect(up!.req).toMatchObject({ url: '/api/oss/upload', fieldName: 'file', fields: { kind: 'image' } })
  expect(up!.req.header.Authorization).toBe('Bearer tok en')
  up!.req.onProgress?.(0.25)
  expect(selectMessages(state(), PEER).list[0]!.progress).toBe(0.25)
  up!.req.onProgress?.(0.6)
  expect(selectMessages(state(), PEER).list[0]!.progress).toBe(0.6)
  expect(engine.sendMessage).not.toHaveBeenCalled()
  up!.finish(ok('/api/oss/file/abcdefabcdefabcdef', 2048))
  await sending
  expect(engine.sent[0]).toMatchObject({ type: 'TIMImageElem', payload: { url: '/api/oss/file/abcdefabcdefabcdef', width: 640, height: 480, size: 2048, format: 'png' } })
  expect(selectMessages(state(), PEER).list).toEqual([
    expect.objectContaining({ status: 'success', progress: 1, sequence: 1, localUrl: 'blob:a.png' }),
  ])
})

test('a failed upload fails the message with the server code and text; resend uploads again', async () => {
  const sending = sendFile(PEER, file('run.exe'))
  await flush()
  uploads[0]!.finish({ statusCode: 200, data: { code: 4005, msg: '该文件类型禁止上传', data: null } })
  await sending
  const [failed] = selectMessages(state(), PEER).list
  expect(failed).toMatchObject({ status: 'fail', errorCode: 4005, errorMsg: '该文件类型禁止上传' })
  expect(state().toasts.map((t) => t.message)).toEqual(['该文件类型禁止上传'])
  expect(engine.sendMessage).not.toHaveBeenCalled()

  const again = resendMessage(PEER, failed!.clientMsgId)
  await flush()
  expect(uploads).toHaveLength(2)
  expect(selectMessages(state(), PEER).list[0]).toMatchObject({ status: 'unSend', progress: 0 })
  uploads[1]!.finish(ok('/api/oss/file/0123456789abcdef0', 1000))
  await again
  expect(engine.sent[0]).toMatchObject({ clientMsgId: failed!.clientMsgId, payload: { fileUrl: '/api/oss/file/0123456789abcdef0', fileName: 'run.exe' } })
})

test('a network failure during upload fails the message with the catalogue text', async () => {
  const sending = sendAudio(PEER, { file: { ...file('voice.webm'), mime: 'audio/webm' }, seconds: 3.4 })
  await flush()
  expect(uploads[0]!.req.fields.kind).toBe('audio')
  const { HttpFailure } = jest.requireActual('@/platform/httpFailure')
  uploads[0]!.fail(new HttpFailure('network', 'down'))
  await sending
  expect(selectMessages(state(), PEER).list[0]).toMatchObject({ status: 'fail', errorMsg: '后端接口连接异常', payload: { second: 3 } })
})

test('files over 100MB are refused before uploading', async () => {
  await expect(uploadFile(file('big.zip', 100 * 1024 * 1024 + 1), 'file')).rejects.toMatchObject({ code: 7005 })
  await sendFile(PEER, file('big.zip', 100 * 1024 * 1024 + 1))
  expect(uploads).toHaveLength(0)
  expect(selectMessages(state(), PEER).list).toEqual([])
})

test('server file URLs get the session token for tags; other URLs pass unchanged', () => {
  expect(mediaUrl('/api/oss/file/abc')).toBe('/api/oss/file/abc?t=tok%20en')
  // Twice through (a caller, then <Avatar>) gives the same address.
  expect(mediaUrl(mediaUrl('/api/oss/file/abc'))).toBe('/api/oss/file/abc?t=tok%20en')
  expect(mediaUrl('blob:http://x/1')).toBe('blob:http://x/1')
  expect(mediaUrl('https://example.com/a.png')).toBe('https://example.com/a.png')
})
