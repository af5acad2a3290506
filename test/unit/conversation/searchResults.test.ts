import { buildSearchResults, conversationMatches } from '@/components/conversation/searchResults'
import type { SearchResult } from '@shared/search'
import { c2c, group } from '../helpers/chatFixtures'

const zhang = c2c('10000001', '张三')
const li = c2c('10000002', '李四', { customData: JSON.stringify({ remark: '老李' }) })
const team = group('G7', '项目讨论组', '700001')

test('matches by name (any case), remark, exact ID or group number, and pinyin for Latin letters', () => {
  expect(conversationMatches(zhang, '张')).toBe(true)
  expect(conversationMatches(zhang, 'zhang')).toBe(true)
  expect(conversationMatches(zhang, 'ZS')).toBe(false)
  expect(conversationMatches(zhang, '10000001')).toBe(true)
  expect(conversationMatches(zhang, '1000000')).toBe(false)
  expect(conversationMatches(li, '老李')).toBe(true)
  expect(conversationMatches(li, '李四')).toBe(false)
  expect(conversationMatches(team, '讨论')).toBe(true)
  expect(conversationMatches(team, '700001')).toBe(true)
  expect(conversationMatches(team, 'xiangmu')).toBe(true)
  expect(conversationMatches(zhang, '   ')).toBe(false)
})

test('results split into users and groups; server finds are added once; the viewer is left out', () => {
  const remote: SearchResult[] = [
    { wtId: '10000001', name: '张三', avatar: '', type: 1, userType: 0, groupNumber: '' },
    { wtId: '10000003', name: '王五', avatar: '/a.png', type: 1, userType: 0, groupNumber: '' },
    { wtId: '10000009', name: '我自己', avatar: '', type: 1, userType: 0, groupNumber: '' },
    { wtId: 'G8', name: '另一个群', avatar: '', type: 2, userType: 0, groupNumber: '800001' },
  ]
  const { users, groups } = buildSearchResults('10000001', [zhang, li, team], remote, '10000009')
  expect(users.map((u) => [u.id, u.conversationID, u.name])).toEqual([
    ['10000001', 'C2C10000001', '张三'],
    ['10000003', 'C2C10000003', '王五'],
  ])
  expect(users[1]!.detail).toBe('ID 10000003')
  expect(groups).toEqual([{ kind: 'group', id: '800001', conversationID: 'GROUPG8', name: '另一个群', avatar: '', detail: '群号 800001' }])
})

test('a local group found again by the server keeps its conversation entry', () => {
  const remote: SearchResult[] = [{ wtId: 'G7', name: '项目讨论组', avatar: '', type: 2, userType: 0, groupNumber: '700001' }]
  const { groups } = buildSearchResults('700001', [team], remote, '1')
  expect(groups.map((g) => [g.id, g.conversationID])).toEqual([['700001', 'GROUPG7']])
})
