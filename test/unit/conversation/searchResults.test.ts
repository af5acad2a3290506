import { buildSearchResults, conversationMatches, friendMatches } from '@/components/conversation/searchResults'
import type { FriendListItem } from '@shared/friends'
import type { SearchResult } from '@shared/search'
import { MsgType } from '@shared/chat'
import { c2c, group, message } from '../helpers/chatFixtures'
import { ensurePinyin } from '@/utils/pinyin'

// Matching and grouping by pinyin need the dictionary, which the app fetches on first use.
beforeAll(() => ensurePinyin())

const zhang = c2c('10000001', '张三')
const li = c2c('10000002', '李四', { customData: JSON.stringify({ remark: '老李' }) })
const team = group('G7', '项目讨论组', '700001')

test('matches by name (any case), remark, exact ID or group number, and pinyin or its initials for Latin letters', () => {
  expect(conversationMatches(zhang, '张')).toBe(true)
  expect(conversationMatches(zhang, 'zhang')).toBe(true)
  expect(conversationMatches(zhang, 'ZS')).toBe(true)
  expect(conversationMatches(zhang, 'sz')).toBe(false)
  expect(conversationMatches(zhang, 'zhangsi')).toBe(false)
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
  expect(groups).toEqual([{ kind: 'group', id: '800001', conversationID: 'GROUPG8', name: '另一个群', avatar: '', detail: '群号 800001', hint: '另一个群（群号 800001）' }])
})

test('a local group found again by the server keeps its conversation entry', () => {
  const remote: SearchResult[] = [{ wtId: 'G7', name: '项目讨论组', avatar: '', type: 2, userType: 0, groupNumber: '700001' }]
  const { groups } = buildSearchResults('700001', [team], remote, '1')
  expect(groups.map((g) => [g.id, g.conversationID])).toEqual([['700001', 'GROUPG7']])
})

const friend = (wtId: string, nickName: string, remark = '', actionStatus: 0 | 1 = 0): FriendListItem => ({ wtId, nickName, remark, avatar: '', tagNameList: [], actionStatus })

test('friends match by remark, nickname, exact ID, full pinyin and initials', () => {
  const wang = friend('10000005', '王五', '五哥')
  for (const q of ['王', '五哥', 'wangwu', 'WANG', 'ww', 'wuge', 'wg', '10000005']) expect(friendMatches(wang, q)).toBe(true)
  for (const q of ['wu wang', 'wx', '1000000', '李']) expect(friendMatches(wang, q)).toBe(false)
})

test('a friend without a conversation is found as a contact; one with a conversation is listed once', () => {
  const friends = [friend('10000005', '王五'), friend('10000001', '张三'), friend('10000006', '王六', '', 1)]
  const { users, groups } = buildSearchResults('wang', [zhang, li, team], [], '10000009', friends)
  expect(users.map((u) => [u.conversationID, u.name])).toEqual([['C2C10000005', '王五']])
  expect(groups).toEqual([])
  const byName = buildSearchResults('zs', [zhang], [], '10000009', friends)
  expect(byName.users.map((u) => u.conversationID)).toEqual(['C2C10000001'])
})

test('chat-history hits form a third section, named after their conversation, system lines as their text', () => {
  const twin = group('G9', '项目讨论组', '900001')
  const hits = [
    message({ conversationID: 'GROUPG7', sequence: 3, nick: '李四', payload: { text: '周五开会' } }),
    message({ conversationID: 'C2C10000001', sequence: 9, from: '10000001', payload: { text: '开会地点' } }),
    message({
      conversationID: 'GROUPG9',
      sequence: 4,
      type: MsgType.Custom,
      payload: { data: JSON.stringify({ type: 'GroupCustomMsg', content: '修改群名为开会群', operatorUser: { userId: '10000002', nickName: '李四' } }) },
    }),
    // The server also matches inside card data; a hit whose words are not in what is shown is left out.
    message({ conversationID: 'C2C10000001', sequence: 10, type: MsgType.Custom, payload: { data: JSON.stringify({ businessID: 'order', title: '订单', link: 'kaihui' }) } }),
  ]
  const { messages } = buildSearchResults('开会', [zhang, team, twin], [], '10000009', [], hits)
  expect(messages.map((m) => [m.kind, m.conversationID, m.name, m.detail])).toEqual([
    ['message', 'GROUPG7', '项目讨论组', '李四: 周五开会'],
    ['message', 'C2C10000001', '张三', '开会地点'],
    ['message', 'GROUPG9', '项目讨论组', '李四修改群名为开会群'],
  ])
  // Two groups of one name are told apart by their numbers.
  expect(messages.map((m) => m.hint)).toEqual(['项目讨论组（群号 700001）', '张三', '项目讨论组（群号 900001）'])
  expect(messages.map((m) => m.tag)).toEqual(['群号 700001', undefined, '群号 900001'])
  expect(messages.every((m) => !m.detail.includes('[自定义消息]'))).toBe(true)
})
