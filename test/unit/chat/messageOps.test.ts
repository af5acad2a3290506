import type { LoginResult } from '@shared/auth'
import { MsgType } from '@shared/chat'
import { NoticeType } from '@shared/ws'
import { RECENT_FORWARD_MAX, forwardTargets } from '@/components/chat/menu/forwardTargets'
import { readRecord } from '@/components/chat/menu/MergedViewer'
import { cloudDataWithReply, replyFor, replyOf } from '@/components/chat/menu/quote'
import type { AppStore } from '@/stores'
import { collectPayloadOf } from '@/services/chat/messageOps'
import { fromServer } from '@/stores/chat/uiMessage'
import { conversation, message } from '../helpers/chatFixtures'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import type { ChatService } from '@/services/chat'
import { testApp } from '../helpers/testApp'

const USER: LoginResult = { token: 't', wtId: '10000001', imToken: 'sig', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 }
const PEER = 'C2C10000002'
const GROUP = 'GROUPG100001'
const state = () => useAppStore.getState()
const flush = () => new Promise((r) => setTimeout(r, 0))

let engine: FakeChatEngine
let useAppStore: AppStore
let { forwardMessages, revokeMessage, bindChat, unbindChat } = {} as ChatService
beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  engine = new FakeChatEngine()
  engine.ready = true
  const app = testApp(engine)
  useAppStore = app.store
  ;({ forwardMessages, revokeMessage, bindChat, unbindChat } = app.chat)
  state().setUser(USER)
  bindChat()
})
afterEach(() => {
  unbindChat()
})

describe('revoked messages in the store', () => {
  it('marks a revoked frame\'s message, keeps its text for re-editing and revises the last message', () => {
    state().upsertConversation(conversation(PEER, { lastSequence: 2, lastMessage: { type: MsgType.Text, payload: { text: 'b' }, from: USER.wtId, nick: '', time: 1, sequence: 2, isRevoked: false } }))
    state().mergeMessages(PEER, [message({ conversationID: PEER, sequence: 1 }), message({ conversationID: PEER, sequence: 2, from: USER.wtId, payload: { text: 'b' } })].map((m) => fromServer(m)))
    engine.emit('messageRevoked', { conversationID: PEER, sequence: 2, from: USER.wtId, revoker: USER.wtId })
    const list = state().messages[PEER]!.list
    expect(list[1]).toMatchObject({ isRevoked: true, revoker: USER.wtId, payload: { text: 'b' } })
    expect(list[0]!.isRevoked).toBe(false)
    expect(state().conversations[PEER]!.lastMessage!.isRevoked).toBe(true)
    // History later brings the same message with its payload emptied: the held text stays.
    state().mergeMessages(PEER, [fromServer({ ...list[1]!, payload: {} })])
    expect(state().messages[PEER]!.list[1]!.payload).toEqual({ text: 'b' })
  })

  it('applies socket type 7: one sequence, or everything of the sender up to a sequence, never tips', () => {
    state().upsertConversation(conversation(GROUP, { groupProfile: { groupID: 'G100001', groupNumber: '900001', name: '群', avatar: '', memberCount: 3, isMember: true } }))
    const ms = [
      message({ conversationID: GROUP, sequence: 1, from: '10000003' }),
      message({ conversationID: GROUP, sequence: 2, from: '10000003' }),
      message({ conversationID: GROUP, sequence: 3, from: '10000004' }),
      message({ conversationID: GROUP, sequence: 4, from: '10000003', type: MsgType.GroupTip, payload: { operationType: 1 } }),
      message({ conversationID: GROUP, sequence: 5, from: '10000003' }),
    ]
    state().mergeMessages(GROUP, ms.map((m) => fromServer(m)))
    const revoked = () => state().messages[GROUP]!.list.filter((m) => m.isRevoked).map((m) => m.sequence)
    engine.emit('notice', { type: NoticeType.Withdraw, groupNumber: '900001', withdrawUserWtId: '10000003', lastMessageSequence: 2, sequences: [2] })
    expect(revoked()).toEqual([2])
    engine.emit('notice', { type: NoticeType.Withdraw, groupNumber: '900001', withdrawUserWtId: '10000003', lastMessageSequence: 4 })
    expect(revoked()).toEqual([1, 2])
    expect(state().messages[GROUP]!.list.find((m) => m.sequence === 1)!.revoker).toBe('administrator')
    engine.emit('notice', { type: NoticeType.Withdraw, groupNumber: 'other', withdrawUserWtId: '10000003', lastMessageSequence: 9 })
    expect(revoked()).toEqual([1, 2])
  })

  it('revoking through the engine marks the message; a refusal past the window toasts 已过撤回时限', async () => {
    const m = fromServer(message({ conversationID: PEER, sequence: 1, from: USER.wtId }))
    state().mergeMessages(PEER, [m])
    await revokeMessage(m)
    expect(state().messages[PEER]!.list[0]!.isRevoked).toBe(true)
    const { ApiError } = await import('@/services/api/errors')
    engine.revokeMessage.mockRejectedValueOnce(new ApiError(20016, 'x', false))
    const m2 = fromServer(message({ conversationID: PEER, sequence: 2, from: USER.wtId }))
    state().mergeMessages(PEER, [m2])
    await revokeMessage(m2)
    await flush()
    expect(state().messages[PEER]!.list[1]!.isRevoked).toBe(false)
    expect(state().toasts.map((t) => t.message)).toContain('已过撤回时限')
  })

  it('forward with nothing stored says 未选择消息; a sensitive refusal says 内容包含敏感词汇', async () => {
    expect(await forwardMessages({ conversationID: PEER, messages: [], targets: [GROUP], merged: true })).toBe(false)
    expect(state().toasts.map((t) => t.message)).toContain('未选择消息')
    const { ApiError } = await import('@/services/api/errors')
    engine.forwardMessages.mockRejectedValueOnce(new ApiError(80001, 'x', false))
    const m = fromServer(message({ conversationID: PEER, sequence: 3 }))
    expect(await forwardMessages({ conversationID: PEER, messages: [m], targets: [GROUP], merged: false })).toBe(false)
    expect(state().toasts.map((t) => t.message)).toContain('内容包含敏感词汇')
  })
})

describe('quotes', () => {
  it('round-trips messageReply through cloudCustomData and ignores anything else', () => {
    const m = fromServer(message({ conversationID: PEER, sequence: 1, nick: '李四', payload: { text: '原话' } }))
    const reply = replyFor(m, USER.wtId)
    expect(reply).toEqual({ messageID: m.ID, messageType: MsgType.Text, messageSender: '李四', messageAbstract: '原话' })
    expect(replyOf({ cloudCustomData: cloudDataWithReply(reply) })).toEqual(reply)
    expect(replyOf({ cloudCustomData: '' })).toBeNull()
    expect(replyOf({ cloudCustomData: '{"messageReply":{}}' })).toBeNull()
    expect(replyOf({ cloudCustomData: 'messageReply not json' })).toBeNull()
  })
})

describe('forward targets', () => {
  it('lists conversations newest first, then friends without one; drops left groups, system and deleted accounts', () => {
    const convs = [
      conversation('C2C10000002', { updatedAt: 1 }),
      conversation('GROUPG1', { updatedAt: 3, groupProfile: { groupID: 'G1', groupNumber: '1', name: '在的群', avatar: '', memberCount: 2, isMember: true } }),
      conversation('GROUPG2', { updatedAt: 4, groupProfile: { groupID: 'G2', groupNumber: '2', name: '退了的群', avatar: '', memberCount: 2, isMember: false } }),
      conversation('C2CwisperHelper', { updatedAt: 5 }),
    ]
    const friends = [
      { wtId: '10000002', nickName: '李四', remark: '', avatar: '', tagNameList: [], actionStatus: 0 as const },
      { wtId: '10000005', nickName: '王五', remark: '老王', avatar: '', tagNameList: [], actionStatus: 0 as const },
      { wtId: '10000006', nickName: '注销', remark: '', avatar: '', tagNameList: [], actionStatus: 1 as const },
    ]
    const sections = forwardTargets(convs, friends, (u) => u)
    expect(sections.map((s) => [s.title, s.entries.map((e) => e.id)])).toEqual([
      ['最近聊天', ['GROUPG1', 'C2C10000002']],
      ['群聊', []],
      ['联系人', ['C2C10000005']],
    ])
    expect(sections[0]!.entries[0]).toMatchObject({ nick: '在的群', isGroup: true })
    expect(sections[0]!.entries[1]!.isGroup).toBeUndefined()
  })

  it('keeps the newest conversations under 最近聊天 and files older groups under 群聊, with their mosaic', () => {
    const groups = Array.from({ length: RECENT_FORWARD_MAX + 1 }, (_, i) =>
      conversation(`GROUPG${i}`, {
        updatedAt: 100 - i,
        groupProfile: { groupID: `G${i}`, groupNumber: `${i}`, name: `群${i}`, avatar: '', memberCount: 3, isMember: true, memberAvatars: ['/a', '', '/c'] },
      }),
    )
    const [recent, older, people] = forwardTargets(groups, [], (u) => `https://h${u}`)
    expect(recent!.entries).toHaveLength(RECENT_FORWARD_MAX)
    expect(older!.entries.map((e) => e.id)).toEqual([`GROUPG${RECENT_FORWARD_MAX}`])
    expect(older!.entries[0]!.memberAvatars).toEqual(['https://h/a', '', 'https://h/c'])
    expect(people!.entries).toEqual([])
  })
})

describe('favorites payload', () => {
  const ui = (type: string, payload: Record<string, unknown>) => fromServer(message({ conversationID: PEER, sequence: 1, type: type as never, payload }))
  it.each([
    [MsgType.Text, { text: '一句话' }, { contentType: 1, collectTitle: '一句话' }],
    [MsgType.Text, { text: '看 https://example.com' }, { contentType: 7 }],
    [MsgType.Image, { url: '/api/oss/file/a' }, { contentType: 2, imageUuid: '/api/oss/file/a' }],
    [MsgType.Video, { videoUrl: '/v', snapshotUrl: '/s' }, { contentType: 3, videoUuid: '/v', videoImage: '/s' }],
    [MsgType.File, { fileUrl: '/f', fileName: 'a.pdf', fileSize: 9 }, { contentType: 4, fileUuid: '/f', fileName: 'a.pdf', fileType: 'pdf', fileSize: 9 }],
    [MsgType.Location, { latitude: 1, longitude: 2, description: '{"title":"公司","detail":""}' }, { contentType: 5, lat: 1, lng: 2, addressTitle: '公司' }],
  ])('%s %j', (type, payload, expected) => {
    expect(collectPayloadOf(ui(type, payload))).toMatchObject({ collectedUserId: '10000002', ...expected })
  })
  it('a collect note re-favorites by id; other custom messages and faces cannot be favorites', () => {
    const note = { data: JSON.stringify({ type: 'collect', detail: JSON.stringify({ id: 7, collectTitle: '标题', noteContent: '笔记' }) }) }
    expect(collectPayloadOf(ui(MsgType.Custom, note), '10000002')).toMatchObject({ contentType: 99, id: 7, collectTitle: '笔记' })
    // Someone else's note: their favorite id is not ours, so it is kept by its text.
    expect(collectPayloadOf(ui(MsgType.Custom, note), '10000001')).toEqual({ collectedUserId: '10000002', contentType: 99, collectTitle: '笔记' })
    const image = { data: JSON.stringify({ type: 'collect', detail: JSON.stringify({ id: 8, contentType: 2, imageUrl: '/api/oss/file/abcdefghijklmnop' }) }) }
    expect(collectPayloadOf(ui(MsgType.Custom, image), '10000001')).toMatchObject({ contentType: 2, imageUuid: '/api/oss/file/abcdefghijklmnop' })
    expect(collectPayloadOf(ui(MsgType.Custom, { data: '{"businessID":"link","text":"x","link":"y"}' }))).toBeNull()
    expect(collectPayloadOf(ui(MsgType.Face, { index: 1, data: 'x' }))).toBeNull()
  })
})

describe('merged records', () => {
  it('reads the title and items, and reports an unreadable list as a load failure', () => {
    expect(readRecord({ title: 'T', messageList: [{ ID: '1', type: MsgType.Text, payload: { text: 'a' }, from: '1', nick: 'n', avatar: '', time: 1 }] }).items).toHaveLength(1)
    expect(readRecord({ title: '', messageList: [] })).toEqual({ title: '聊天记录', items: null })
    expect(readRecord({ title: 'T', messageList: 'nope' }).items).toBeNull()
    expect(readRecord({ title: 'T', messageList: [{ nope: 1 }] }).items).toBeNull()
  })
})
