import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import TransferPicker from '@/components/group/TransferPicker'
import type { PickerEntry } from '@/components/group/pickerEntries'
import { ensurePinyin } from '@/utils/pinyin'
import { ignoreTaroFieldWatchErrors } from './fixtures'

// The letter index needs the pinyin dictionary, which the app fetches on first use.
beforeAll(() => ensurePinyin())

const people: PickerEntry[] = [
  { id: '10000002', nick: '李四', remark: '', avatar: '' },
  { id: '10000003', nick: '王五', remark: '', avatar: '' },
  { id: '10000004', nick: 'anna', remark: '', avatar: '' },
  { id: '10000005', nick: '9号', remark: '', avatar: '' },
]

function Harness(props: { entries?: PickerEntry[]; searchRemote?: (t: string) => Promise<PickerEntry[]>; single?: boolean }) {
  const [selected, setSelected] = useState<PickerEntry[]>([])
  return (
    <>
      <TransferPicker entries={props.entries ?? people} selected={selected} onChange={setSelected} searchRemote={props.searchRemote} single={props.single} />
      <div data-testid='selected-ids'>{selected.map((e) => e.id).join(',')}</div>
    </>
  )
}

const items = () => screen.getAllByTestId('picker-item')
const item = (id: string) => items().find((el) => el.getAttribute('data-id') === id)!
const selectedIds = () => screen.getByTestId('selected-ids').textContent
const letters = () => Array.from(document.querySelectorAll('.picker__letter')).map((el) => el.textContent)

async function type(text: string) {
  // The Taro input reports its value in the event's detail, as the real component does.
  fireEvent(screen.getByTestId('picker-search'), new CustomEvent('input', { bubbles: true, detail: { value: text } }))
  await act(async () => {
    jest.advanceTimersByTime(500)
  })
}

beforeEach(() => {
  ignoreTaroFieldWatchErrors()
  jest.useFakeTimers()
})
afterEach(() => jest.useRealTimers())

test('the list is grouped by initial with # last, under 选择好友', () => {
  render(<Harness />)
  expect(letters()).toEqual(['A', 'L', 'W', '#'])
  expect(screen.getByText('选择好友')).toBeTruthy()
  expect(screen.getByTestId('picker-count').textContent).toBe('已选择 0 人')
})

test('clicking toggles; the selection shows with a count and can be removed', () => {
  render(<Harness />)
  fireEvent.click(item('10000003'))
  fireEvent.click(item('10000002'))
  expect(selectedIds()).toBe('10000003,10000002')
  expect(screen.getByTestId('picker-count').textContent).toBe('已选择 2 人')
  expect(item('10000003').getAttribute('data-selected')).toBe('true')
  fireEvent.click(item('10000003'))
  expect(selectedIds()).toBe('10000002')
  fireEvent.click(screen.getAllByTestId('picker-remove')[0]!)
  expect(selectedIds()).toBe('')
})

test('select all appears with more than one selectable entry and toggles them all', () => {
  render(<Harness />)
  fireEvent.click(screen.getByTestId('picker-select-all'))
  expect(selectedIds()!.split(',').sort()).toEqual(['10000002', '10000003', '10000004', '10000005'])
  expect(screen.getByTestId('picker-select-all').textContent).toBe('取消全选')
  fireEvent.click(screen.getByTestId('picker-select-all'))
  expect(selectedIds()).toBe('')
})

test('no select all for one entry, for single choice, and disabled entries cannot be picked', () => {
  const { unmount } = render(<Harness entries={[people[0]!]} />)
  expect(screen.queryByTestId('picker-select-all')).toBeNull()
  unmount()
  render(<Harness single entries={[...people.slice(0, 2), { id: '7', nick: '禁用', remark: '', avatar: '', isDisabled: true }]} />)
  expect(screen.queryByTestId('picker-select-all')).toBeNull()
  fireEvent.click(item('10000002'))
  fireEvent.click(item('10000003'))
  expect(selectedIds()).toBe('10000003')
  fireEvent.click(item('7'))
  expect(selectedIds()).toBe('10000003')
})

test('search filters after 500 ms, adds people found by ID, and says 空空如也 when nothing matches', async () => {
  const found: PickerEntry = { id: '10000009', nick: '赵六', remark: '', avatar: '' }
  const searchRemote = jest.fn(async (t: string) => (t === '10000009' ? [found] : []))
  render(<Harness searchRemote={searchRemote} />)
  await type('王')
  expect(screen.getByText('搜索结果')).toBeTruthy()
  expect(items().map((el) => el.getAttribute('data-id'))).toEqual(['10000003'])
  await type('10000009')
  expect(searchRemote).toHaveBeenLastCalledWith('10000009')
  expect(items().map((el) => el.getAttribute('data-id'))).toEqual(['10000009'])
  fireEvent.click(item('10000009'))
  await type('没有这个人')
  expect(screen.getByTestId('picker-empty').textContent).toBe('空空如也')
  await type('')
  // Someone picked from a search stays on the list.
  expect(items().map((el) => el.getAttribute('data-id'))).toContain('10000009')
  expect(selectedIds()).toBe('10000009')
})

test('no candidates at all: 暂无好友', () => {
  render(<Harness entries={[]} />)
  expect(screen.getByTestId('picker-empty').textContent).toBe('暂无好友')
})

test('system accounts are dropped from the list and from search results', async () => {
  const searchRemote = jest.fn(async () => [{ id: 'yx900', nick: '系统', remark: '', avatar: '' }])
  render(<Harness entries={[...people, { id: 'groupManage', nick: '群管理', remark: '', avatar: '' }]} searchRemote={searchRemote} />)
  expect(items().map((el) => el.getAttribute('data-id'))).not.toContain('groupManage')
  await type('yx900')
  expect(searchRemote).toHaveBeenCalled()
  expect(screen.getByTestId('picker-empty').textContent).toBe('空空如也')
})
