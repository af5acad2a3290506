import { fireEvent } from '@testing-library/react'
import type { ReactElement } from 'react'
import { SEND_MISFILED_TEXT } from '@shared/chat'
import InputArea from '@/components/chat/InputArea'
import type { App } from '@/root/createApp'
import type { ChatService } from '@/services/chat'
import type { AppStore } from '@/stores'
import { selectMessages } from '@/stores/selectors/chat'
import { c2c, group, message } from '../helpers/chatFixtures'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import { renderInApp, mockMethods, testApp } from '../helpers/testApp'

const ME = '10000001'
const PRIVATE = 'C2C10000003'
const GROUP = 'GROUPG100003'
const state = () => useAppStore.getState()
const flush = () => new Promise((r) => setTimeout(r, 0))

let engine: FakeChatEngine
let app: App
let useAppStore: AppStore
let sendText: ChatService['sendText']
const render = (ui: ReactElement) => renderInApp(app, ui)

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined)
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  engine = new FakeChatEngine()
  engine.ready = true
  app = testApp(engine)
  useAppStore = app.store
  sendText = app.chat.sendText
  // The typing reports of the editors do nothing here.
  mockMethods(app.chat, ['setTyping'])
  useAppStore.setState({
    user: { token: 't', wtId: ME, imToken: 'i', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 },
    conversations: { [PRIVATE]: c2c('10000003', '王五'), [GROUP]: group('G100003', '审批测试群', '100003') },
    activeConversationID: PRIVATE,
  })
})

/** The text area inside the editor host, as the Textarea web component renders it in a browser. */
function editorOf(container: HTMLElement): HTMLTextAreaElement {
  const host = container.querySelector('[data-testid="chat-editor"]')!
  const area = document.createElement('textarea')
  host.appendChild(area)
  return area
}

const pressEnter = (area: HTMLTextAreaElement) => fireEvent.keyDown(area, { key: 'Enter', code: 'Enter', keyCode: 13 })

test('Enter in the editor on screen sends once, into that conversation only, while a hidden page keeps a group editor', async () => {
  // A page left mounted (hidden) with the group chat comes first in the document, as Taro H5 keeps it.
  const hidden = render(<InputArea conversationID={GROUP} draft='群里的草稿' inject={null} />)
  const shown = render(<InputArea conversationID={PRIVATE} draft='王五你好，历史消息1' inject={null} />)
  const hiddenArea = editorOf(hidden.container)
  pressEnter(editorOf(shown.container))
  await flush()
  expect(engine.sendMessage.mock.calls.map(([m]) => [m.conversationID, m.payload])).toEqual([[PRIVATE, { text: '王五你好，历史消息1' }]])

  // The hidden editor never sends: its conversation is not the one on screen.
  pressEnter(hiddenArea)
  await flush()
  expect(engine.sendMessage).toHaveBeenCalledTimes(1)
  expect(selectMessages(state(), GROUP).list).toEqual([])
})

test('a group editor mounted after the one on screen neither shares its element id nor sends its own text when Enter is pressed on screen', async () => {
  // The page on screen came first in the document and a page with the group chat was mounted
  // after it, hidden, holding a group draft. With one id shared by every editor, both keyboard
  // watchers sat on the first editor, and one Enter there sent the group draft into the group too.
  const shown = render(<InputArea conversationID={PRIVATE} draft='王五你好，历史消息1' inject={null} />)
  const hidden = render(<InputArea conversationID={GROUP} draft='群里的草稿' inject={null} />)
  const hosts = [shown.container, hidden.container].map((c) => c.querySelector('[data-testid="chat-editor"]')!.id)
  expect(new Set(hosts).size).toBe(2)
  editorOf(hidden.container)
  pressEnter(editorOf(shown.container))
  await flush()
  expect(engine.sendMessage.mock.calls.map(([m]) => [m.conversationID, m.payload])).toEqual([[PRIVATE, { text: '王五你好，历史消息1' }]])
  expect(selectMessages(state(), GROUP).list).toEqual([])
})

test('an acknowledgement naming another conversation fails the send and files nothing under either conversation', async () => {
  engine.sendImpl = async (input) =>
    message({ conversationID: GROUP, sequence: 5, clientMsgId: input.clientMsgId, from: ME, type: input.type, payload: input.payload as Record<string, unknown> })
  await sendText(PRIVATE, '历史消息2')
  const [local] = selectMessages(state(), PRIVATE).list
  expect(local).toMatchObject({ status: 'fail', errorMsg: SEND_MISFILED_TEXT, sequence: 0 })
  expect(selectMessages(state(), GROUP).list).toEqual([])
  expect(state().conversations[GROUP]!.lastMessage).toBeFalsy()
  expect(console.error).toHaveBeenCalledWith('send acknowledged under another conversation', expect.objectContaining({ sent: PRIVATE, stored: GROUP }))
})

test('Enter still sends after 按住 说话 has taken the editor’s place and given it back', async () => {
  // This suite's window is phone-sized: the voice / keyboard switch left of the editor.
  const shown = render(<InputArea conversationID={PRIVATE} draft='语音之后' inject={null} />)
  fireEvent.click(shown.getByTestId('input-voice-switch'))
  expect(shown.queryByTestId('chat-editor')).toBeNull()
  expect(shown.getByTestId('hold-to-talk')).toBeTruthy()
  fireEvent.click(shown.getByTestId('input-voice-switch'))
  const area = editorOf(shown.container)
  pressEnter(area)
  await flush()
  expect(engine.sendMessage.mock.calls.map(([m]) => [m.conversationID, m.payload])).toEqual([[PRIVATE, { text: '语音之后' }]])
})
