import { candidatesFromConversations, pickerCandidates, entriesFromSearch, entryName, filterEntries, mergeEntries } from '@/components/group/pickerEntries'
import { c2c, group } from '../helpers/chatFixtures'

const url = (u: string) => `resolved:${u}`

test('candidates are the C2C peers, without the viewer, system accounts, groups or repeats', () => {
  const list = [
    c2c('10000002', '李四', { userProfile: { userID: '10000002', nick: '李四', avatar: '/api/oss/file/a' } }),
    group('G1', '项目组', '100001'),
    c2c('wisperHelper', '小助手'),
    c2c('10000003', '王五', { customData: '{"remark":"小王"}' }),
    c2c('10000001', '我'),
    c2c('10000004', '', { userProfile: null }),
  ]
  expect(candidatesFromConversations(list, '10000001', url)).toEqual([
    { id: '10000002', nick: '李四', remark: '', avatar: 'resolved:/api/oss/file/a' },
    { id: '10000003', nick: '王五', remark: '小王', avatar: '' },
  ])
})

test('search: substring of remark or nickname, any case', () => {
  const entries = [
    { id: '1', nick: 'Alice', remark: '', avatar: '' },
    { id: '2', nick: '王五', remark: '小王', avatar: '' },
    { id: '3', nick: 'bob', remark: '', avatar: '' },
  ]
  expect(filterEntries(entries, 'ALI').map((e) => e.id)).toEqual(['1'])
  expect(filterEntries(entries, '小').map((e) => e.id)).toEqual(['2'])
  expect(filterEntries(entries, '王五').map((e) => e.id)).toEqual(['2'])
  expect(filterEntries(entries, '3')).toEqual([])
  expect(filterEntries(entries, ' ')).toHaveLength(3)
  expect(entryName(entries[1]!)).toBe('小王')
  expect(entryName({ id: '9', nick: '', remark: '', avatar: '' })).toBe('9')
})

test('people found by ID join without repeats; groups and the viewer are not pickable', () => {
  const found = entriesFromSearch(
    [
      { wtId: '10000003', name: '王五', avatar: '', type: 1, userType: 0, groupNumber: '' },
      { wtId: '10000001', name: '我', avatar: '', type: 1, userType: 0, groupNumber: '' },
      { wtId: 'G1', name: '群', avatar: '', type: 2, userType: 0, groupNumber: '10000003' },
    ],
    '10000001',
    url,
  )
  expect(found).toEqual([{ id: '10000003', nick: '王五', remark: '', avatar: '' }])
  const merged = mergeEntries([{ id: '10000003', nick: '王五', remark: '小王', avatar: '' }], found)
  expect(merged).toHaveLength(1)
  expect(merged[0]!.remark).toBe('小王')
})

test('the picker lists every friend, with or without a conversation, then other C2C peers; deleted accounts are left out', () => {
  const friends = [
    { wtId: '10000005', nickName: '王五', remark: '', avatar: '/w.png', tagNameList: [], actionStatus: 0 as const },
    { wtId: '10000002', nickName: '李四', remark: '老李', avatar: '', tagNameList: [], actionStatus: 0 as const },
    { wtId: '10000007', nickName: '已注销', remark: '', avatar: '', tagNameList: [], actionStatus: 1 as const },
  ]
  const conversations = [c2c('10000002', '李四'), c2c('10000008', '陌生人')]
  expect(pickerCandidates(friends, conversations, '10000001', url)).toEqual([
    { id: '10000005', nick: '王五', remark: '', avatar: 'resolved:/w.png' },
    { id: '10000002', nick: '李四', remark: '老李', avatar: '' },
    { id: '10000008', nick: '陌生人', remark: '', avatar: '' },
  ])
})
