import { act, fireEvent, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import CreateGroupDialog, { groupFormError } from '@/components/group/CreateGroupDialog'
import type { App } from '@/root/createApp'
import type { ChatService } from '@/services/chat'
import type { AppStore } from '@/stores'
import { c2c } from '../helpers/chatFixtures'
import { mockedWith, renderInApp, testApp } from '../helpers/testApp'
import { ensurePinyin } from '@/utils/pinyin'
import { ignoreTaroFieldWatchErrors } from './fixtures'

// The picker's letter index needs the pinyin dictionary, which the app fetches on first use.
beforeAll(() => ensurePinyin())

const chatMocks = () => ({
  createGroup: jest.fn(async () => 'GROUPG9'),
  searchById: jest.fn(async () => []),
  mediaUrl: (u: string) => u,
})

let app: App
let useAppStore: AppStore
let mocked: jest.Mocked<ChatService>
const render = (ui: ReactElement) => renderInApp(app, ui)

const input = (testId: string, value: string) =>
  fireEvent(screen.getByTestId(testId), new CustomEvent('input', { bubbles: true, detail: { value } }))
const item = (id: string) => screen.getAllByTestId('picker-item').find((el) => el.getAttribute('data-id') === id)!
const button = (testId: string) => screen.getByTestId(testId)

beforeEach(() => {
  ignoreTaroFieldWatchErrors()
  app = testApp()
  useAppStore = app.store
  mocked = mockedWith(app.chat, chatMocks())
  jest.useFakeTimers()
  const list = [c2c('10000002', '李四'), c2c('10000003', '王五')]
  useAppStore.setState({
    user: { token: 't', wtId: '10000001', imToken: 'i', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 },
    conversations: Object.fromEntries(list.map((c) => [c.conversationID, c])),
    conversationsLoaded: true,
  })
})
afterEach(() => jest.useRealTimers())

test('form rules in the product words', () => {
  expect(groupFormError('', '')).toBe('群名称不能为空')
  expect(groupFormError('   ', '')).toBe('群名称不能为空')
  expect(groupFormError('一二三四五六七八九十一二三四五六', '')).toBe('')
  expect(groupFormError('一二三四五六七八九十一二三四五六七', '')).toBe('群名称不能超过16个字')
  expect(groupFormError('群', 'x'.repeat(3000))).toBe('')
  expect(groupFormError('群', 'x'.repeat(3001))).toBe('群公告不能超过3000个字')
})

test('pick members, name the group, create it, open it, then say 创建成功', async () => {
  const onCreated = jest.fn()
  const onClose = jest.fn()
  render(<CreateGroupDialog open onClose={onClose} onCreated={onCreated} />)
  expect(button('picker-done').getAttribute('data-testid')).toBe('picker-done')
  expect(button('picker-done').className).toContain('btn--disabled')
  fireEvent.click(item('10000003'))
  fireEvent.click(item('10000002'))
  expect(button('picker-done').className).not.toContain('btn--disabled')
  fireEvent.click(button('picker-done'))

  // The name starts as the members' names, cut to 16.
  const name = screen.getByTestId('group-create-name') as HTMLElement & { value?: string }
  expect(name.getAttribute('value') ?? name.value).toBe('张三、王五、李四')
  input('group-create-name', '')
  await act(async () => {
    fireEvent.click(button('group-create-submit'))
  })
  expect(screen.getByTestId('group-create-error').textContent).toBe('群名称不能为空')
  expect(mocked.createGroup).not.toHaveBeenCalled()

  input('group-create-name', '  周末爬山  ')
  input('group-create-notice', '周六八点集合')
  await act(async () => {
    fireEvent.click(button('group-create-submit'))
  })
  expect(mocked.createGroup).toHaveBeenCalledWith({ groupName: '周末爬山', groupNotice: '周六八点集合', groupAvatar: '', wtIds: ['10000003', '10000002'], groupType: 'Work' })
  expect(onClose).toHaveBeenCalled()
  expect(onCreated).toHaveBeenCalledWith('GROUPG9')
  expect(useAppStore.getState().toasts).toHaveLength(0)
  act(() => {
    jest.advanceTimersByTime(600)
  })
  expect(useAppStore.getState().toasts.map((t) => [t.type, t.message])).toEqual([['success', '创建成功']])
})

test('上一步 keeps the selection; a failed creation keeps the dialog open with the reason', async () => {
  mocked.createGroup.mockRejectedValueOnce(new Error('请选择群成员'))
  const onCreated = jest.fn()
  render(<CreateGroupDialog open onClose={jest.fn()} onCreated={onCreated} />)
  fireEvent.click(item('10000002'))
  fireEvent.click(button('picker-done'))
  fireEvent.click(button('group-create-back'))
  expect(item('10000002').getAttribute('data-selected')).toBe('true')
  fireEvent.click(button('picker-done'))
  await act(async () => {
    fireEvent.click(button('group-create-submit'))
  })
  expect(onCreated).not.toHaveBeenCalled()
  expect(screen.getByTestId('group-create-error').textContent).toBe('请选择群成员')
})
