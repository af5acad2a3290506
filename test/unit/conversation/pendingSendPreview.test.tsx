import { act, screen } from '@testing-library/react'
import type { Message } from '@shared/chat'
import ConversationRow from '@/components/conversation/ConversationRow'
import { SendFailure } from '@/engines/chat/ChatEngine'
import type { App } from '@/root/createApp'
import { selectConversationList } from '@/stores/selectors/chat'
import { c2c, text } from '../helpers/chatFixtures'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import { renderInApp, mockMethods, testApp } from '../helpers/testApp'

/**
 * A message sent while the connection is down waits for it; meanwhile the conversation list
 * shows it at once, as WeChat does: the row moves to the top with the text and a sending mark,
 * and a failed send shows the red '!'.
 */
const ME = '10000001'
const NEWER = 'C2C10000002'
const OLDER = 'C2C10000003'
const now = Math.floor(Date.now() / 1000)
const flush = () => new Promise((r) => setTimeout(r, 0))

let engine: FakeChatEngine
let app: App
let settle: { resolve(m: Message): void; reject(e: unknown): void }

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  engine = new FakeChatEngine()
  engine.ready = true
  // The link is down: the send waits until the test settles it.
  engine.sendImpl = () => new Promise<Message>((resolve, reject) => (settle = { resolve, reject }))
  app = testApp(engine)
  mockMethods(app.chat, ['setTyping'])
  app.store.setState({
    user: { token: 't', wtId: ME, imToken: 'i', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 },
    conversations: {
      [NEWER]: c2c('10000002', '李四', { lastMessage: text('最新的一条', '10000002', now - 100, 5), lastSequence: 5 }),
      [OLDER]: c2c('10000003', '王五', { lastMessage: text('很久以前', '10000003', now - 5000, 2), lastSequence: 2 }),
    },
    messages: { [OLDER]: { list: [], isCompleted: true, hasNewer: false, loadingOlder: false, loadingNewer: false } },
    activeConversationID: OLDER,
  })
})

const order = () => selectConversationList(app.store.getState(), 'all').map((c) => c.conversationID)
const row = () => <ConversationRow conversation={app.store.getState().conversations[OLDER]!} active={false} viewerID={ME} onOpen={jest.fn()} onMenu={jest.fn()} />
const renderRow = () => renderInApp(app, row())

test('a message waiting for the connection shows in its row at once, and the row goes to the top', async () => {
  expect(order()).toEqual([NEWER, OLDER])
  void app.chat.sendText(OLDER, '离线时发的')
  await flush()
  expect(order()).toEqual([OLDER, NEWER])
  renderRow()
  expect(screen.getByTestId('conv-row-summary').textContent).toBe('离线时发的')
  expect(screen.getByTestId('conv-row-sending')).toBeTruthy()
  expect(screen.getByTestId('conv-row-summary').getAttribute('data-pending')).toBe('unSend')
})

test('a send that fails keeps its text in the row, with the red mark', async () => {
  void app.chat.sendText(OLDER, '没发出去')
  await flush()
  renderRow()
  await act(async () => {
    settle.reject(new SendFailure(0, 'network'))
    await flush()
  })
  expect(screen.getByTestId('conv-row-summary').textContent).toBe('!没发出去')
  expect(screen.getByTestId('conv-row-failed')).toBeTruthy()
  expect(order()).toEqual([OLDER, NEWER])
})

test('an acknowledged send leaves no pending mark', async () => {
  const sent = app.chat.sendText(OLDER, '发出去了')
  await flush()
  const view = renderRow()
  const clientMsgId = app.store.getState().messages[OLDER]!.list.at(-1)!.clientMsgId
  await act(async () => {
    settle.resolve({ ...(await engineMessage(clientMsgId)) })
    await sent
  })
  view.rerender(row())
  expect(screen.queryByTestId('conv-row-sending')).toBeNull()
  expect(screen.getByTestId('conv-row-summary').getAttribute('data-pending')).toBeNull()
  expect(screen.getByTestId('conv-row-summary').textContent).toBe('发出去了')
})

async function engineMessage(clientMsgId: string): Promise<Message> {
  const { message } = await import('../helpers/chatFixtures')
  return message({ conversationID: OLDER, sequence: 3, clientMsgId, from: ME, nick: '张三', payload: { text: '发出去了' }, time: now })
}
