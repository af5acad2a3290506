import type { PickerEntry } from '@/components/group/pickerEntries'
import { allSelected, canFinish, canSelectAll, toggleAllEntries, toggleEntry, withoutSystemEntries } from '@/components/group/pickerRules'

const e = (id: string, isDisabled?: boolean): PickerEntry => ({ id, nick: `n${id}`, remark: '', avatar: '', isDisabled })
const ids = (list: PickerEntry[]) => list.map((x) => x.id)

test('selecting toggles membership in order of picking', () => {
  let selected: PickerEntry[] = []
  selected = toggleEntry(selected, e('1'))
  selected = toggleEntry(selected, e('2'))
  expect(ids(selected)).toEqual(['1', '2'])
  selected = toggleEntry(selected, e('1'))
  expect(ids(selected)).toEqual(['2'])
})

test('single choice replaces the previous pick, and a second click unpicks', () => {
  let selected = toggleEntry([], e('1'), true)
  selected = toggleEntry(selected, e('2'), true)
  expect(ids(selected)).toEqual(['2'])
  expect(toggleEntry(selected, e('2'), true)).toEqual([])
})

test('disabled entries cannot be selected or unselected', () => {
  expect(toggleEntry([], e('1', true))).toEqual([])
  const held = [e('1', true)]
  expect(ids(toggleEntry(held, e('1', true)))).toEqual(['1'])
})

test('select all: only with more than one selectable entry and not in single choice', () => {
  expect(canSelectAll([e('1'), e('2')])).toBe(true)
  expect(canSelectAll([e('1'), e('2')], true)).toBe(false)
  expect(canSelectAll([e('1'), e('2', true)])).toBe(false)
  expect(canSelectAll([e('1')])).toBe(false)
  expect(canSelectAll([])).toBe(false)
})

test('select all adds the selectable ones, keeps earlier picks, and removes them when all are picked', () => {
  const visible = [e('1'), e('2'), e('3', true)]
  const earlier = [e('9')]
  const all = toggleAllEntries(visible, earlier)
  expect(ids(all)).toEqual(['9', '1', '2'])
  expect(allSelected(visible, all)).toBe(true)
  expect(ids(toggleAllEntries(visible, all))).toEqual(['9'])
  expect(allSelected([e('3', true)], [])).toBe(false)
})

test('Done is active only with a selection', () => {
  expect(canFinish([])).toBe(false)
  expect(canFinish([e('1')])).toBe(true)
})

test('entries with system IDs are dropped', () => {
  const list = [e('groupManage'), e('wisperHelper'), e('yx123'), e('administrator'), e('10000002')]
  expect(ids(withoutSystemEntries(list))).toEqual(['10000002'])
})
