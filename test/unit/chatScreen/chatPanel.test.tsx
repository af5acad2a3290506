import { act, fireEvent, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { ConvType, MsgType, type Conversation } from '@shared/chat'
import ChatPanel from '@/components/chat/ChatPanel'
import type { App } from '@/root/createApp'
import type { ChatService } from '@/services/chat'
import type { AppStore } from '@/stores'
import type { UiMessage } from '@/stores/slices/messages'
import { c2c, message as storedMessage } from '../helpers/chatFixtures'
import { renderInApp, mockMethods, testApp } from '../helpers/testApp'

/** What the chat modules of conversations, sending, typing, reads and loading do: nothing, here. */
const STUBBED: Array<keyof ChatService> = [
  'reloadConversations',
  'openConversation',
  'closeConversation',
  'setPinned',
  'setMuted',
  'setFolded',
  'moveAllOutOfArchive',
  'deleteConversation',
  'saveDraft',
  'createGroup',
  'searchById',
  'getReadMembers',
  'fillGap',
  'loadOlderMessages',
  'reportMessageVisible',
  'setTyping',
  'sendText',
  'sendFace',
  'sendLocation',
  'sendCustom',
  'sendImage',
  'sendVideo',
  'sendFile',
  'sendAudio',
  'resendMessage',
]

let app: App
let useAppStore: AppStore
let { openConversation, resendMessage } = {} as ChatService
const render = (ui: ReactElement) => renderInApp(app, ui)

const ME = '10000001'
const PEER = '10000002'

function conversation(patch: Partial<Conversation> = {}): Conversation {
  return c2c(PEER, '李四', { lastSequence: 4, readSequence: 4, peerReadSequence: 2, ...patch })
}

let n = 0
function message(patch: Partial<UiMessage>): UiMessage {
  n += 1
  const base = storedMessage({ conversationID: `C2C${PEER}`, sequence: n, payload: { text: `text ${n}` }, from: ME, nick: '张三', time: 1_700_000_000 })
  return { ...base, status: 'success', progress: 1, ...patch }
}

function setup(conv: Conversation, list: UiMessage[]) {
  useAppStore.setState({
    user: { token: 't', wtId: ME, imToken: 'i', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 },
    conversations: { [conv.conversationID]: conv },
    activeConversationID: conv.conversationID,
    messages: { [conv.conversationID]: { list, isCompleted: false, hasNewer: false, loadingOlder: false, loadingNewer: false } },
  })
  return render(<ChatPanel conversationID={conv.conversationID} />)
}

beforeEach(() => {
  n = 0
  app = testApp()
  useAppStore = app.store
  ;({ openConversation, resendMessage } = mockMethods(app.chat, STUBBED))
  jest.mocked(resendMessage).mockResolvedValue(undefined)
  jest.mocked(openConversation).mockResolvedValue(undefined)
})

const rows = () => screen.getAllByTestId('msg-row')

test('header, rows with their data attributes, time rows and C2C read marks', () => {
  setup(conversation(), [
    message({ time: 1_700_000_000 }),
    message({ time: 1_700_000_100 }),
    message({ from: PEER, nick: '李四', time: 1_700_001_000 }),
    message({ sequence: 0, ID: 'local-x', status: 'unSend', time: 1_700_001_010 }),
  ])
  expect(screen.getByTestId('chat-header-name').textContent).toBe('李四')
  expect(screen.queryByTestId('chat-member-count')).toBeNull()
  expect(rows().map((r) => [r.getAttribute('data-seq'), r.getAttribute('data-status'), r.getAttribute('data-type')])).toEqual([
    ['1', 'success', MsgType.Text],
    ['2', 'success', MsgType.Text],
    ['3', 'success', MsgType.Text],
    ['0', 'unSend', MsgType.Text],
  ])
  // 100 s apart: one row; 900 s later: another.
  expect(screen.getAllByTestId('msg-time-divider')).toHaveLength(2)
  expect(screen.getAllByTestId('msg-read-status').map((e) => e.textContent)).toEqual(['已读', '已读'])
  expect(screen.getByTestId('msg-sending')).toBeTruthy()
  expect(screen.getByTestId('chat-view-more')).toBeTruthy()
  expect(openConversation).not.toHaveBeenCalled()
})

test('the peer typing shows under the name', () => {
  setup(conversation(), [])
  expect(screen.queryByTestId('chat-typing')).toBeNull()
  act(() => useAppStore.setState({ typingBy: { [`C2C${PEER}`]: [PEER] } }))
  expect(screen.getByTestId('chat-typing').textContent).toBe('对方正在输入...')
})

test('a failed message asks before resending; risk content never resends', () => {
  setup(conversation(), [
    message({ sequence: 0, ID: 'local-a', clientMsgId: 'fail-a', status: 'fail', errorCode: 3123 }),
    message({ sequence: 0, ID: 'local-b', clientMsgId: 'fail-b', status: 'fail', hasRiskContent: true, errorCode: 80001 }),
  ])
  const marks = screen.getAllByTestId('msg-fail')
  expect(marks.map((m) => m.getAttribute('data-risk'))).toEqual(['false', 'true'])
  expect(screen.getByTestId('msg-risk').textContent).toBe('涉及敏感内容, 发送失败')
  fireEvent.click(marks[1]!)
  expect(screen.queryByTestId('resend-dialog')).toBeNull()
  fireEvent.click(marks[0]!)
  expect(screen.getByTestId('resend-dialog').textContent).toContain('确认重发该消息？')
  fireEvent.click(screen.getByTestId('resend-confirm'))
  expect(resendMessage).toHaveBeenCalledWith(`C2C${PEER}`, 'fail-a')
  expect(screen.queryByTestId('resend-dialog')).toBeNull()
})

test('groups: member count, receipts state, tips as centred rows, and the leave banner', () => {
  const gid = 'GROUPG1'
  const g = conversation({
    conversationID: gid,
    type: ConvType.Group,
    userProfile: null,
    groupProfile: { groupID: 'G1', groupNumber: '1', name: '爬山', avatar: '', memberCount: 3, isMember: true },
  })
  const inGroup = { conversationID: gid, conversationType: ConvType.Group }
  const view = setup(g, [
    message({ ...inGroup, type: MsgType.GroupTip, payload: { operationType: 1, operatorID: ME, userIDList: [PEER], nickList: ['李四'], newGroupProfile: { created: true, groupName: '爬山' } } }),
    message({ ...inGroup, needReadReceipt: true, readReceiptInfo: { readCount: 1, unreadCount: 1 } }),
    message({ ...inGroup, from: PEER, nick: '李四' }),
  ])
  expect(screen.getByTestId('chat-member-count').textContent).toBe('(3)')
  expect(rows()[0]!.textContent).toBe('你创建了群聊，并邀请李四加入')
  expect(screen.getByTestId('msg-read-status').textContent).toBe('1人已读')
  expect(view.container.querySelector('.msg-row__nick')!.textContent).toBe('李四')
  expect(screen.getByTestId('chat-editor')).toBeTruthy()
  act(() => useAppStore.setState({ conversations: { [gid]: { ...g, groupProfile: { ...g.groupProfile!, isMember: false } } } }))
  expect(screen.getByTestId('leave-banner').textContent).toContain('你已不在该群聊中')
  expect(screen.queryByTestId('chat-editor')).toBeNull()
})

test('a chat that is not the active one is opened on mount', () => {
  useAppStore.setState({ user: { token: 't', wtId: ME, imToken: 'i', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 } })
  render(<ChatPanel conversationID='C2C10000003' />)
  expect(openConversation).toHaveBeenCalledWith('C2C10000003')
  expect(screen.getByTestId('chat-loading')).toBeTruthy()
  expect(screen.getByTestId('chat-header-name').textContent).toBe('10000003')
})
