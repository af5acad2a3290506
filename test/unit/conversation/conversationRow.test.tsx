import { act, fireEvent, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MsgType } from '@shared/chat'
import ConversationRow from '@/components/conversation/ConversationRow'
import { LONG_PRESS_MS } from '@/components/conversation/usePressMenu'
import { c2c, group, text } from '../helpers/chatFixtures'
import { renderInApp, testApp } from '../helpers/testApp'

const render = (ui: ReactElement) => renderInApp(testApp(), ui)

const now = Math.floor(Date.now() / 1000)

function renderRow(conversation = c2c('10000002', '李四'), active = false) {
  const onOpen = jest.fn()
  const onMenu = jest.fn()
  const view = render(<ConversationRow conversation={conversation} active={active} viewerID='10000001' onOpen={onOpen} onMenu={onMenu} />)
  return { ...view, onOpen, onMenu, row: screen.getByTestId('conv-row') }
}

const summary = () => screen.getByTestId('conv-row-summary').textContent

test('name, last message and its time; click opens', () => {
  const { row, onOpen } = renderRow(c2c('10000002', '李四', { lastMessage: text('晚上吃什么', '10000002', now - 60) }))
  expect(row.getAttribute('data-id')).toBe('C2C10000002')
  expect(row.textContent).toContain('李四')
  expect(summary()).toBe('晚上吃什么')
  expect(row.querySelector('.conv-row__time')!.textContent).toMatch(/^(\d\d:\d\d|昨天)$/)
  fireEvent.click(row)
  expect(onOpen).toHaveBeenCalledWith('C2C10000002')
})

test('unread badge capped at 99+; none without unread', () => {
  const { rerender } = renderRow(c2c('1', 'a', { unreadCount: 5 }))
  expect(screen.getByTestId('conv-row-badge').textContent).toBe('5')
  rerender(<ConversationRow conversation={c2c('1', 'a', { unreadCount: 150 })} active={false} viewerID='x' onOpen={jest.fn()} onMenu={jest.fn()} />)
  expect(screen.getByTestId('conv-row-badge').textContent).toBe('99+')
  rerender(<ConversationRow conversation={c2c('1', 'a')} active={false} viewerID='x' onOpen={jest.fn()} onMenu={jest.fn()} />)
  expect(screen.queryByTestId('conv-row-badge')).toBeNull()
})

test('a muted conversation: a dot instead of a count, the count in the summary, the mute icon', () => {
  const { row } = renderRow(c2c('1', 'a', { isMuted: true, unreadCount: 3, lastMessage: text('hi', '1', now) }))
  const badge = screen.getByTestId('conv-row-badge')
  expect(badge.getAttribute('data-dot')).toBe('true')
  expect(badge.textContent).toBe('')
  expect(summary()).toBe('[3条] hi')
  expect(screen.getByTestId('conv-row-muted')).toBeTruthy()
  expect(row.getAttribute('data-muted')).toBe('true')
})

test('a draft replaces the summary unless the conversation is open', () => {
  const conversation = c2c('1', 'a', { draftText: '还没\n写完', lastMessage: text('hi', '1', now) })
  const { unmount } = renderRow(conversation)
  expect(summary()).toBe('[草稿] 还没 写完')
  expect(screen.getByTestId('conv-row-draft').textContent).toBe('[草稿]')
  unmount()
  renderRow(conversation, true)
  expect(summary()).toBe('hi')
})

test('group rows: sender name, [有人@我], pinned tint, summaries of other kinds', () => {
  const last = { type: MsgType.Image, payload: {}, from: '10000003', nick: '王五', time: now, sequence: 4, isRevoked: false }
  const { row } = renderRow(group('G1', '项目组', '100001', { isPinned: true, lastMessage: last, groupAtInfoList: [{ messageSequence: 4, atTypeArray: [1] }] }))
  expect(summary()).toBe('[有人@我]王五: [图片]')
  expect(row.className).toContain('conv-row--pinned')
  expect(row.getAttribute('data-pinned')).toBe('true')
})

test('a revoked last message', () => {
  renderRow(c2c('1', 'a', { lastMessage: { ...text('', '10000002', now), nick: '李四', isRevoked: true } }))
  expect(summary()).toBe('李四撤回了一条消息')
})

describe('context menu', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  const touch = (x: number, y: number) => ({ touches: [{ clientX: x, clientY: y }] })

  test('right-click opens it at the pointer', () => {
    const { row, onMenu } = renderRow()
    fireEvent.contextMenu(row, { clientX: 40, clientY: 50 })
    expect(onMenu).toHaveBeenCalledWith(expect.objectContaining({ conversationID: 'C2C10000002' }), { x: 40, y: 50 })
  })

  test('a 500 ms press opens it and the release is not a click', () => {
    const { row, onMenu, onOpen } = renderRow()
    fireEvent.touchStart(row, touch(10, 20))
    act(() => {
      jest.advanceTimersByTime(LONG_PRESS_MS - 1)
    })
    expect(onMenu).not.toHaveBeenCalled()
    act(() => {
      jest.advanceTimersByTime(1)
    })
    expect(onMenu).toHaveBeenCalledWith(expect.anything(), { x: 10, y: 20 })
    fireEvent.touchEnd(row)
    fireEvent.click(row)
    expect(onOpen).not.toHaveBeenCalled()
    fireEvent.click(row)
    expect(onOpen).toHaveBeenCalledTimes(1)
  })

  test('a short tap or a scroll does not open it', () => {
    const { row, onMenu } = renderRow()
    fireEvent.touchStart(row, touch(10, 20))
    act(() => {
      jest.advanceTimersByTime(200)
    })
    fireEvent.touchEnd(row)
    fireEvent.touchStart(row, touch(10, 20))
    fireEvent.touchMove(row, touch(10, 60))
    act(() => {
      jest.advanceTimersByTime(1000)
    })
    expect(onMenu).not.toHaveBeenCalled()
  })
})

test('the blacklist notice reads 已加入黑名单 while the peer is blacklisted, 已移出黑名单 once taken off', () => {
  const app = testApp()
  const notice = {
    type: MsgType.Custom,
    payload: { data: JSON.stringify({ type: 'CustomMsg_Type_addBlack' }), description: '对方已被你拉黑' },
    from: '10000001',
    nick: '张三',
    time: now,
    sequence: 3,
    isRevoked: false,
  }
  const blocked = { wtId: '10000003', nickName: '王五', avatar: '', remark: '', createTime: now }
  renderInApp(app, <ConversationRow conversation={c2c('10000003', '王五', { lastMessage: notice })} active={false} viewerID='10000001' onOpen={jest.fn()} onMenu={jest.fn()} />)
  // Before the blacklist has loaded, the notice says what it recorded.
  expect(summary()).toBe('已加入黑名单')
  act(() => app.store.getState().setBlacklist([blocked]))
  expect(summary()).toBe('已加入黑名单')
  act(() => app.store.getState().setBlacklist([]))
  expect(summary()).toBe('已移出黑名单')
})
