import { rowWindow } from '@/components/common/VirtualRows'
import { moveItem } from '@/components/conversation/groups/useDragOrder'
import { mosaicColumns } from '@/components/layout/GroupAvatar'
import { relationOf } from '@/components/conversation/groups/GroupEditorDialog'
import { createAppStore } from '@/stores'
import { canCreateGroup, selectGroupConversations, selectGroupUnreads, selectShownGroups } from '@/stores/selectors/conversationGroups'
import type { ConversationGroup } from '@shared/conversationGroup'
import { c2c, group } from '../helpers/chatFixtures'

const all: ConversationGroup = { id: 0, groupName: '全部', hideStatus: 1, defaultGroup: 0, unreadCount: 0, relationList: [] }
const mine = (id: number, groupName: string, sessionIds: string[], hideStatus: 0 | 1 = 1): ConversationGroup => ({
  id,
  groupName,
  hideStatus,
  defaultGroup: 1,
  unreadCount: 0,
  relationList: sessionIds.map((s) => ({ ...relationOf(s), name: s, avatar: '' })),
})

test('a group tab lists the conversations held, archived ones left out, and counts unread of unmuted ones', () => {
  const store = createAppStore()
  const a = c2c('10000002', '李四', { unreadCount: 3 })
  const b = c2c('10000003', '王五', { unreadCount: 120, isMuted: true })
  const folded = c2c('10000004', '赵六', { unreadCount: 5, markList: [4] })
  const g = group('G1', '项目组', '100001', { unreadCount: 2 })
  store.getState().setConversations([a, b, folded, g])
  store.getState().setConversationGroups([all, mine(1, '工作', [a.conversationID, b.conversationID, folded.conversationID, 'C2C19999999']), mine(2, '群', [g.conversationID], 0)])
  const state = store.getState()
  expect(selectShownGroups(state).map((x) => x.groupName)).toEqual(['工作'])
  expect(selectGroupConversations(state, 1).map((c) => c.conversationID).sort()).toEqual([a.conversationID, b.conversationID].sort())
  expect(selectGroupUnreads(state)).toEqual({ 1: 3, 2: 2 })
  expect(selectGroupConversations(state, 1)).toBe(selectGroupConversations(store.getState(), 1))
})

test('the create option is offered while shown + hidden − 1 is below 20', () => {
  const groups = (n: number) => [all, ...Array.from({ length: n }, (_, i) => mine(i + 1, `组${i}`, [], i % 2 ? 0 : 1))]
  expect(canCreateGroup(groups(19))).toBe(true)
  expect(canCreateGroup(groups(20))).toBe(false)
})

test('dragging moves one item to its drop place', () => {
  expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4])
  expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3])
  expect(moveItem([1, 2, 3], 1, 9)).toEqual([1, 3, 2])
})

test('a relation names its session type and relation ID', () => {
  expect(relationOf('C2C10000002')).toEqual({ sessionId: 'C2C10000002', sessionType: 0, relationId: '10000002' })
  expect(relationOf('GROUPG12')).toEqual({ sessionId: 'GROUPG12', sessionType: 1, relationId: 'G12' })
})

test('the virtual list draws the rows in view and a few around them', () => {
  expect(rowWindow(0, 640, 64, 10000, 8)).toEqual({ first: 0, last: 18 })
  expect(rowWindow(64 * 500, 640, 64, 10000, 8)).toEqual({ first: 492, last: 518 })
  expect(rowWindow(64 * 9995, 640, 64, 10000, 8)).toEqual({ first: 9987, last: 10000 })
  expect(rowWindow(0, 640, 64, 0, 8)).toEqual({ first: 0, last: 0 })
})

test('the group mosaic is one picture, then 2×2, then 3×3', () => {
  expect([1, 2, 4, 5, 9].map(mosaicColumns)).toEqual([1, 2, 2, 3, 3])
})
