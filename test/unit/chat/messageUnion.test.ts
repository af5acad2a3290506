import { LastMessage, Message, MsgType, OutgoingMessage } from '@shared/chat'
import { message } from '../helpers/chatFixtures'

// A stored text message as the server sends it; each case below puts another kind and payload in.
const envelope = message({ conversationID: 'C2C10000002', sequence: 3 })

const url = '/api/oss/file/0123456789abcdef'

/** One payload of each kind, as this version writes it. */
const payloads = {
  [MsgType.Text]: { text: '你好' },
  [MsgType.Face]: { index: 1, data: 'smile' },
  [MsgType.Image]: { url, width: 640, height: 480, size: 1024, format: 'jpg' },
  [MsgType.Video]: { videoUrl: url, snapshotUrl: url, videoSecond: 3, videoSize: 2048, snapshotWidth: 320, snapshotHeight: 240 },
  [MsgType.Audio]: { url, second: 4, size: 512 },
  [MsgType.File]: { fileUrl: url, fileName: '合同.pdf', fileSize: 4096 },
  [MsgType.Location]: { latitude: 31.2, longitude: 121.5, description: '{"title":"外滩","detail":"上海"}' },
  [MsgType.Merger]: { title: '聊天记录', abstractList: ['小明: 你好'], messageList: [{ type: MsgType.Text, payload: { text: '你好' } }], downloadKey: '' },
  [MsgType.Custom]: { data: '{"businessID":"x"}', description: '', extension: '' },
  [MsgType.GroupTip]: { operationType: 7, operatorID: 'u1', userIDList: ['u2'], nickList: ['小红'], newGroupProfile: null, muteTime: 600 },
}

describe('the stored message union', () => {
  it.each(Object.entries(payloads))('reads %s with its own payload', (type, payload) => {
    const read = Message.parse({ ...envelope, type, payload })
    expect(read.type).toBe(type)
    expect(read.payload).toEqual(payload)
  })

  it('narrows the payload by the kind', () => {
    const read = Message.parse({ ...envelope, type: MsgType.File, payload: payloads[MsgType.File] })
    expect(read.type === MsgType.File && read.payload.fileName).toBe('合同.pdf')
  })

  it('refuses a kind it does not know, naming the kinds it does', () => {
    const parsed = Message.safeParse({ ...envelope, type: 'TIMUnknownElem', payload: {} })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.path).toEqual(['type'])
    expect(parsed.error?.issues[0]?.message).toContain(MsgType.Text)
  })

  it('refuses a payload that is not an object', () => {
    const parsed = Message.safeParse({ ...envelope, type: MsgType.Text, payload: '你好' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.path).toEqual(['payload'])
  })

  it('reads a revoked message, whose payload is empty, without filling it in', () => {
    for (const type of Object.keys(payloads)) {
      const read = Message.parse({ ...envelope, isRevoked: true, revoker: 'u1', type, payload: {} })
      expect(Object.keys(read.payload)).toEqual([])
    }
  })

  it('reads a payload stored by an older version: missing fields, broken bounds and unknown fields', () => {
    const video = Message.parse({ ...envelope, type: MsgType.Video, payload: { videoUrl: 'https://old.example/v.mp4', videoSecond: 3, videoSize: 1, poster: 'p' } })
    expect(video.payload).toEqual({ videoUrl: 'https://old.example/v.mp4', videoSecond: 3, videoSize: 1, poster: 'p' })
    const image = Message.parse({ ...envelope, type: MsgType.Image, payload: { url, width: '640', format: 'jpeg-large' } })
    expect(image.type === MsgType.Image && image.payload.width).toBeUndefined()
    expect(image.type === MsgType.Image && image.payload.format).toBe('jpeg-large')
  })

  it('reads a conversation’s last message by the same kinds', () => {
    const last = LastMessage.parse({ type: MsgType.Text, payload: { text: '在吗' }, from: 'u1', nick: '小明', time: 1, sequence: 1, isRevoked: false })
    expect(last.type === MsgType.Text && last.payload.text).toBe('在吗')
    expect(LastMessage.safeParse({ type: 'TIMUnknownElem', payload: {}, from: '', nick: '', time: 1, sequence: 1, isRevoked: false }).success).toBe(false)
  })
})

describe('the send side stays strict', () => {
  const outgoing = { clientMsgId: 'abcdefgh', conversationID: 'C2C10000002' }

  it.each(Object.entries(payloads).filter(([type]) => type !== MsgType.GroupTip))('accepts %s with its own payload', (type, payload) => {
    expect(OutgoingMessage.safeParse({ ...outgoing, type, payload }).success).toBe(true)
  })

  it('refuses a payload of another kind, naming the missing field', () => {
    const parsed = OutgoingMessage.safeParse({ ...outgoing, type: MsgType.Text, payload: payloads[MsgType.Image] })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.path).toEqual(['payload', 'text'])
  })

  it('refuses a field of the wrong type and a broken bound', () => {
    const wrongType = OutgoingMessage.safeParse({ ...outgoing, type: MsgType.Image, payload: { ...payloads[MsgType.Image], width: '640' } })
    expect(wrongType.error?.issues[0]?.path).toEqual(['payload', 'width'])
    const tooLong = OutgoingMessage.safeParse({ ...outgoing, type: MsgType.Image, payload: { ...payloads[MsgType.Image], format: 'jpeg-large' } })
    expect(tooLong.error?.issues[0]?.path).toEqual(['payload', 'format'])
  })

  it('refuses a group tip, which only the server writes', () => {
    expect(OutgoingMessage.safeParse({ ...outgoing, type: MsgType.GroupTip, payload: payloads[MsgType.GroupTip] }).success).toBe(false)
  })
})
