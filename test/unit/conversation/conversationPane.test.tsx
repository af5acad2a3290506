import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import ConversationPane from '@/components/conversation/ConversationPane'
import type { App } from '@/root/createApp'
import type { ChatService } from '@/services/chat'
import type { GroupApi } from '@/services/groups'
import type { AppStore } from '@/stores'
import type { Conversation } from '@shared/chat'
import { c2c, group, message, text } from '../helpers/chatFixtures'
import { mockedWith, renderInApp, testApp } from '../helpers/testApp'
import { ignoreTaroFieldWatchErrors } from './fixtures'
import { NO_SECTIONS } from '@/components/conversation/useConversationSearch'

/** The chat actions the pane calls, as mocks. */
const chatMocks = () => ({
  openConversation: jest.fn(async () => undefined),
  closeConversation: jest.fn(),
  setPinned: jest.fn(async () => undefined),
  setMuted: jest.fn(async () => undefined),
  setFolded: jest.fn(async () => undefined),
  moveAllOutOfArchive: jest.fn(async () => undefined),
  deleteConversation: jest.fn(async () => undefined),
  searchById: jest.fn(async () => []),
  createGroup: jest.fn(async () => 'GROUPG9'),
  mediaUrl: (u: string) => u,
})

let app: App
let useAppStore: AppStore
let groupApi: GroupApi
let mocked: jest.Mocked<ChatService>
let searchMocks: { everything: jest.Mock; conversationHistory: jest.Mock }
const render = (ui: ReactElement) => renderInApp(app, ui)

const t0 = Math.floor(Date.now() / 1000)
const li = c2c('10000002', '李四', { unreadCount: 2, lastMessage: text('在吗', '10000002', t0 - 10, 2), lastSequence: 2 })
const wang = c2c('10000003', '王五', { isMuted: true, unreadCount: 4, lastMessage: text('收到', '10000003', t0 - 20, 4), lastSequence: 4 })
const team = group('G1', '项目组', '100001', { unreadCount: 1, groupAtInfoList: [{ messageSequence: 1, atTypeArray: [1] }], lastMessage: text('@张三 看下', '10000002', t0 - 30), lastSequence: 1 })
const old = c2c('10000004', '赵六', { lastMessage: text('好的', '10000004', t0 - 5000) })
const folded = c2c('10000005', '钱七', { markList: [4], isMuted: true, unreadCount: 1, lastMessage: text('归档里', '10000005', t0 - 600) })

function load(list: Conversation[], loaded = true) {
  const conversations = Object.fromEntries(list.map((c) => [c.conversationID, c]))
  useAppStore.setState({
    user: { token: 't', wtId: '10000001', imToken: 'i', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 },
    conversations,
    conversationsLoaded: loaded,
    friends: [{ wtId: '10000002', nickName: '李四', remark: '', avatar: '', tagNameList: [], actionStatus: 0 }],
    friendsLoaded: true,
  })
}

const rowIds = () => screen.queryAllByTestId('conv-row').map((r) => r.getAttribute('data-id'))
const row = (id: string) => screen.getAllByTestId('conv-row').find((r) => r.getAttribute('data-id') === id)!
const listOrder = () => Array.from(document.querySelectorAll('[data-testid="conv-row"], [data-testid="archive-entry"]')).map((el) => el.getAttribute('data-id') ?? 'archive')

beforeEach(() => {
  ignoreTaroFieldWatchErrors()
  app = testApp()
  useAppStore = app.store
  groupApi = app.groups.api
  mocked = mockedWith(app.chat, chatMocks())
  searchMocks = { everything: jest.fn(async () => NO_SECTIONS), conversationHistory: jest.fn(async () => ({ messages: [] })) }
  mockedWith(app.search, searchMocks)
})

test('skeleton before the first list, then 暂无会话 for an empty one', () => {
  load([], false)
  const { rerender } = render(<ConversationPane narrow={false} />)
  expect(screen.getByTestId('conv-skeleton')).toBeTruthy()
  act(() => useAppStore.setState({ conversationsLoaded: true }))
  rerender(<ConversationPane narrow={false} />)
  expect(screen.getByTestId('messages-empty').textContent).toContain('暂无会话')
})

test('tabs filter the list and carry badges without muted conversations', () => {
  load([li, wang, team, old, folded])
  render(<ConversationPane narrow={false} />)
  expect(listOrder()).toEqual(['C2C10000002', 'C2C10000003', 'GROUPG1', 'archive', 'C2C10000004'])
  const badge = (tab: string) => within(screen.getByTestId(tab)).queryByTestId('conv-tab-badge')?.textContent ?? ''
  expect([badge('conv-tab-all'), badge('conv-tab-unread'), badge('conv-tab-atme'), badge('conv-tab-c2c'), badge('conv-tab-group')]).toEqual(['3', '3', '1', '2', '1'])
  fireEvent.click(screen.getByTestId('conv-tab-unread'))
  expect(rowIds()).toEqual(['C2C10000002', 'GROUPG1'])
  fireEvent.click(screen.getByTestId('conv-tab-atme'))
  expect(rowIds()).toEqual(['GROUPG1'])
  fireEvent.click(screen.getByTestId('conv-tab-c2c'))
  expect(rowIds()).toEqual(['C2C10000002', 'C2C10000003', 'C2C10000004'])
  expect(screen.queryByTestId('archive-entry')).toBeNull()
  fireEvent.click(screen.getByTestId('conv-tab-group'))
  expect(rowIds()).toEqual(['GROUPG1'])
})

test('a click opens the conversation', () => {
  load([li])
  render(<ConversationPane narrow={false} />)
  fireEvent.click(row('C2C10000002'))
  expect(mocked.openConversation).toHaveBeenCalledWith('C2C10000002')
})

test('the archive: entry with its count, the view with back and 全部移出', async () => {
  load([li, folded])
  render(<ConversationPane narrow={false} />)
  expect(screen.getByTestId('archive-entry-count').textContent).toBe('1')
  fireEvent.click(screen.getByTestId('archive-entry'))
  expect(rowIds()).toEqual(['C2C10000005'])
  expect(screen.queryByTestId('conv-tab-all')).toBeNull()
  await act(async () => {
    fireEvent.click(screen.getByTestId('archive-move-all'))
  })
  expect(mocked.moveAllOutOfArchive).toHaveBeenCalledTimes(1)
  fireEvent.click(screen.getByTestId('archive-back'))
  expect(rowIds()).toEqual(['C2C10000002'])
  // Once nothing is archived any more the view closes by itself.
  fireEvent.click(screen.getByTestId('archive-entry'))
  act(() => useAppStore.setState({ conversations: { [li.conversationID]: li, [folded.conversationID]: { ...folded, markList: [] } } }))
  expect(screen.getByTestId('conv-tab-all')).toBeTruthy()
})

test('context menu actions call the conversation actions with the new state', () => {
  load([li, { ...team, isPinned: true }])
  render(<ConversationPane narrow={false} />)
  fireEvent.contextMenu(row('C2C10000002'), { clientX: 10, clientY: 10 })
  fireEvent.click(screen.getByTestId('conv-menu-pin'))
  expect(mocked.setPinned).toHaveBeenCalledWith('C2C10000002', true)
  expect(screen.queryByTestId('conv-menu')).toBeNull()
  fireEvent.contextMenu(row('GROUPG1'), { clientX: 10, clientY: 10 })
  expect(screen.getByTestId('conv-menu-pin').textContent).toBe('取消置顶')
  fireEvent.click(screen.getByTestId('conv-menu-mute'))
  expect(mocked.setMuted).toHaveBeenCalledWith('GROUPG1', true)
  fireEvent.contextMenu(row('GROUPG1'), { clientX: 10, clientY: 10 })
  fireEvent.click(screen.getByTestId('conv-menu-fold'))
  expect(mocked.setFolded).toHaveBeenCalledWith('GROUPG1', true)
})

test('a group conversation is pinned and unpinned with member/setTop 1 and 2, and the list follows', async () => {
  const setTop = jest.spyOn(groupApi, 'setTop').mockResolvedValue(null)
  load([li, team])
  render(<ConversationPane narrow={false} />)
  fireEvent.contextMenu(row('GROUPG1'), { clientX: 10, clientY: 10 })
  fireEvent.click(screen.getByTestId('conv-menu-pin'))
  await act(async () => undefined)
  expect(setTop).toHaveBeenLastCalledWith({ groupNumber: '100001', topStatus: 1 }, { silent: true })
  expect(mocked.setPinned).not.toHaveBeenCalled()
  expect(useAppStore.getState().conversations['GROUPG1']!.isPinned).toBe(true)
  expect(rowIds()[0]).toBe('GROUPG1')
  fireEvent.contextMenu(row('GROUPG1'), { clientX: 10, clientY: 10 })
  fireEvent.click(screen.getByTestId('conv-menu-pin'))
  await act(async () => undefined)
  expect(setTop).toHaveBeenLastCalledWith({ groupNumber: '100001', topStatus: 2 }, { silent: true })
  expect(useAppStore.getState().conversations['GROUPG1']!.isPinned).toBe(false)
})

test('a peer who is not a friend offers only delete', () => {
  load([old])
  render(<ConversationPane narrow={false} />)
  fireEvent.contextMenu(row('C2C10000004'), { clientX: 10, clientY: 10 })
  expect(screen.queryByTestId('conv-menu-pin')).toBeNull()
  expect(screen.queryByTestId('conv-menu-mute')).toBeNull()
  expect(screen.getByTestId('conv-menu-delete')).toBeTruthy()
})

test('delete asks first, with the history option off unless ticked', async () => {
  load([li])
  render(<ConversationPane narrow={false} />)
  fireEvent.contextMenu(row('C2C10000002'), { clientX: 10, clientY: 10 })
  fireEvent.click(screen.getByTestId('conv-menu-delete'))
  expect(mocked.deleteConversation).not.toHaveBeenCalled()
  const option = screen.getByTestId('conv-delete-clear-history')
  expect(option.getAttribute('aria-checked')).toBe('false')
  fireEvent.click(option)
  expect(option.getAttribute('aria-checked')).toBe('true')
  await act(async () => {
    fireEvent.click(screen.getByTestId('conv-delete-confirm'))
  })
  expect(mocked.deleteConversation).toHaveBeenCalledWith('C2C10000002', true)
  expect(screen.queryByTestId('conv-delete-dialog')).toBeNull()
})

test('narrow screens get the menu as a sheet with the name and 取消', () => {
  load([li])
  render(<ConversationPane narrow />)
  fireEvent.contextMenu(row('C2C10000002'), { clientX: 10, clientY: 10 })
  const menu = screen.getByTestId('conv-menu')
  expect(menu.textContent).toContain('李四')
  fireEvent.click(within(menu).getByText('取消'))
  expect(screen.queryByTestId('conv-menu')).toBeNull()
})

describe('search', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  async function type(value: string) {
    fireEvent(screen.getByTestId('conv-search'), new CustomEvent('input', { bubbles: true, detail: { value } }))
    await act(async () => {
      jest.advanceTimersByTime(500)
    })
  }

  test('waits 500 ms, looks the text up by ID, splits users and groups, opens a pick', async () => {
    mocked.searchById.mockResolvedValueOnce([
      { wtId: '10000003', name: '王五', avatar: '', type: 1, userType: 0, groupNumber: '' },
      { wtId: 'G2', name: '读书会', avatar: '', type: 2, userType: 0, groupNumber: '10000003' },
    ])
    load([li, wang])
    render(<ConversationPane narrow={false} />)
    fireEvent(screen.getByTestId('conv-search'), new CustomEvent('input', { bubbles: true, detail: { value: '10000003' } }))
    expect(mocked.searchById).not.toHaveBeenCalled()
    expect(screen.getByTestId('search-pending')).toBeTruthy()
    await act(async () => {
      jest.advanceTimersByTime(500)
    })
    expect(mocked.searchById).toHaveBeenCalledWith('10000003')
    expect(screen.getAllByTestId('search-result-user').map((e) => e.getAttribute('data-id'))).toEqual(['10000003'])
    expect(screen.getAllByTestId('search-result-group').map((e) => e.getAttribute('data-id'))).toEqual(['10000003'])
    fireEvent.click(screen.getAllByTestId('search-result-user')[0]!)
    expect(mocked.openConversation).toHaveBeenCalledWith('C2C10000003')
    expect(screen.queryByTestId('search-results')).toBeNull()
  })

  test('a group found by number that the user is not in opens its card; a group of theirs opens the chat', async () => {
    const card = jest.spyOn(groupApi, 'getCardInfoById').mockResolvedValue({
      groupID: 'G2', groupNumber: '100002', groupName: '读书会', groupAvatar: '', groupType: 'Public', groupMemberCount: 5, joinMode: 'approval', limitLevel: 0, isMember: false, applyStatus: 'none',
    })
    mocked.searchById.mockResolvedValueOnce([{ wtId: 'G2', name: '读书会', avatar: '', type: 2, userType: 0, groupNumber: '100002' }])
    load([li, group('G7', '我的群', '100007')])
    render(<ConversationPane narrow={false} />)
    await type('100002')
    fireEvent.click(screen.getAllByTestId('search-result-group')[0]!)
    expect(mocked.openConversation).not.toHaveBeenCalled()
    // The card's code is fetched the first time it opens.
    await waitFor(() => expect(card).toHaveBeenCalledWith('100002', { silent: true }))
    await act(async () => undefined)
    expect(screen.getByTestId('group-card-name').textContent).toBe('读书会')
    expect(screen.getByTestId('group-card-join').textContent).toContain('申请加入')

    await type('我的群')
    fireEvent.click(screen.getAllByTestId('search-result-group')[0]!)
    expect(mocked.openConversation).toHaveBeenCalledWith('GROUPG7')
  })

  test('chat-history matches form the 聊天记录 section by conversation; one match opens the chat at it, several open their list', async () => {
    const hit = message({ conversationID: 'GROUPG1', sequence: 7, nick: '李四', payload: { text: '明天开会' } })
    const other = message({ conversationID: 'C2C10000002', sequence: 3, nick: '李四', payload: { text: '开会改到下午' } })
    const older = message({ conversationID: 'C2C10000002', sequence: 2, nick: '李四', payload: { text: '开会吗' } })
    searchMocks.everything.mockResolvedValueOnce({
      ...NO_SECTIONS,
      messages: {
        items: [
          { conversationID: 'GROUPG1', name: '项目组', avatar: '', memberAvatars: [], count: 1, countCapped: false, latest: hit },
          { conversationID: 'C2C10000002', name: '李四', avatar: '', memberAvatars: [], count: 2, countCapped: false, latest: other },
        ],
        more: false,
      },
    })
    searchMocks.conversationHistory.mockResolvedValueOnce({ messages: [other, older] })
    load([li, team])
    render(<ConversationPane narrow={false} />)
    await type('开会')
    expect(searchMocks.everything).toHaveBeenCalledWith('开会')
    const found = screen.getAllByTestId('search-result-conversation')
    expect(found.map((e) => e.getAttribute('data-conversation'))).toEqual(['GROUPG1', 'C2C10000002'])
    expect(found[0]!.textContent).toContain('李四: 明天开会')
    expect(found[1]!.textContent).toContain('2条相关的聊天记录')
    expect(within(found[0]!).getAllByTestId('search-hl').map((e) => e.textContent)).toEqual(['开会'])

    fireEvent.click(found[1]!)
    await waitFor(() => expect(screen.getAllByTestId('search-result-message')).toHaveLength(2))
    expect(searchMocks.conversationHistory).toHaveBeenCalledWith('开会', 'C2C10000002')
    fireEvent.click(screen.getAllByTestId('search-result-message')[1]!)
    expect(useAppStore.getState().pendingJump).toEqual({ conversationID: 'C2C10000002', messageID: older.ID })
    expect(mocked.openConversation).toHaveBeenCalledWith('C2C10000002')
  })

  test('nothing found says so', async () => {
    load([li])
    render(<ConversationPane narrow={false} />)
    await type('没有')
    expect(screen.getByTestId('search-empty').textContent).toBe('暂无搜索结果')
  })
})
