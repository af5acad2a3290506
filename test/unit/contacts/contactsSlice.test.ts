import type { FriendApplication, FriendListItem } from '@shared/friends'
import { createAppStore, type AppStore } from '@/stores'
import { contactsBadge, filterFriends, friendName, groupFriends, selectContactsBadge, selectFriendIDs } from '@/stores/selectors/contacts'
import { ensurePinyin } from '@/utils/pinyin'

// Matching and grouping by pinyin need the dictionary, which the app fetches on first use.
beforeAll(() => ensurePinyin())

let useAppStore: AppStore

const s = () => useAppStore.getState()
const friend = (wtId: string, nickName: string, remark = ''): FriendListItem => ({ wtId, nickName, remark, avatar: '', tagNameList: [], actionStatus: 0 })
const application = (applyWtId: string, applyStatus: 0 | 1 | 2 = 0): FriendApplication => ({
  applyWtId,
  applyNickName: `n${applyWtId}`,
  applyAvatar: '',
  applyStatus,
  applySource: 1,
  applyInfo: '你好',
  createTime: 1,
  isRead: false,
})

beforeEach(() => {
  useAppStore = createAppStore()
})

test('the friend list: set, patch one friend, remove; nobody is a friend before the first load', () => {
  expect(s().friendsLoaded).toBe(false)
  expect(selectFriendIDs(s()).size).toBe(0)
  s().setFriends([friend('1', '李四'), friend('2', '王五')])
  expect(s().friendsLoaded).toBe(true)
  expect([...selectFriendIDs(s())]).toEqual(['1', '2'])
  const ids = selectFriendIDs(s())
  s().patchFriend('1', { remark: '老李' })
  expect(s().friends[0]!.remark).toBe('老李')
  // A new list means a new Set; the same list keeps the same Set.
  expect(selectFriendIDs(s())).not.toBe(ids)
  expect(selectFriendIDs(s())).toBe(selectFriendIDs(s()))
  const before = s().friends
  s().patchFriend('9', { remark: 'x' })
  expect(s().friends).toBe(before)
  s().removeFriend('2')
  expect(s().friends.map((f) => f.wtId)).toEqual(['1'])
})

test('applications: a live one goes on top and replaces an older one from the same person; status changes', () => {
  s().setApplications([application('1'), application('2')])
  s().receiveApplication({ ...application('2'), applyInfo: '再次申请' })
  expect(s().applications.map((a) => [a.applyWtId, a.applyInfo])).toEqual([
    ['2', '再次申请'],
    ['1', '你好'],
  ])
  s().setApplicationStatus('1', 1)
  expect(s().applications[1]!.applyStatus).toBe(1)
})

test('the profile popup target and the session end', () => {
  s().openProfile({ wtId: '5', applySource: 4 })
  expect(s().profileTarget).toEqual({ wtId: '5', applySource: 4 })
  s().closeProfile()
  expect(s().profileTarget).toBeNull()
  s().setFriends([friend('1', 'a')])
  s().setTags([{ id: 1, tagName: '同事', tagStatus: 0, userCount: 1 }])
  s().setBlacklist([{ wtId: '3', nickName: 'c', avatar: '', remark: '', createTime: 1 }])
  s().openProfile({ wtId: '1', applySource: 1 })
  s().clearSession()
  expect(s()).toMatchObject({ friends: [], friendsLoaded: false, applications: [], tags: [], blacklist: [], profileTarget: null })
})

test('the contacts badge is group notifications plus friend applications', () => {
  expect(contactsBadge(0, 0)).toBe(0)
  expect(contactsBadge(3, 2)).toBe(5)
  expect(contactsBadge(-1, 2)).toBe(2)
  s().setFriendApplyUnread(2)
  expect(selectContactsBadge(s())).toBe(2)
  s().setGroupNoticeUnread({ joinApplyUnRead: 1, otherUnRead: 1, selfApplyUnRead: 1 })
  expect(selectContactsBadge(s())).toBe(5)
})

test('friends are grouped by the initial of their remark or nickname, # last; search reads both', () => {
  const list = [
    friend('1', '张三'),
    friend('2', 'alice'),
    friend('3', '李四', 'Bob'),
    friend('4', '007'),
    friend('5', '😀笑脸'),
    friend('6', '阿强'),
    friend('7', 'Zed'),
    friend('8', '', ''),
  ]
  const groups = groupFriends(list)
  expect(groups.map((g) => g.letter)).toEqual(['A', 'B', 'Z', '#'])
  expect(groups[0]!.items.map(friendName)).toEqual(['alice', '阿强'])
  expect(groups[1]!.items.map((f) => f.wtId)).toEqual(['3'])
  expect(groups[2]!.items.map(friendName)).toEqual(['Zed', '张三'])
  expect(groups[3]!.items.map((f) => f.wtId).sort()).toEqual(['4', '5', '8'])
  expect(friendName(list[7]!)).toBe('8')
  expect(filterFriends(list, 'bo').map((f) => f.wtId)).toEqual(['3'])
  expect(filterFriends(list, '李').map((f) => f.wtId)).toEqual(['3'])
  expect(filterFriends(list, 'ALI').map((f) => f.wtId)).toEqual(['2'])
  expect(filterFriends(list, '  ')).toHaveLength(8)
})
