import { hasUnreadAtMe, isSystemUserID, isYxConversation, menuOptions } from '@/components/conversation/conversationInfo'
import { menuItems } from '@/components/conversation/ConversationMenu'
import { isFriend } from '@/utils/friend'
import { c2c, group } from '../helpers/chatFixtures'

const friends: ReadonlySet<string> = new Set(['10000002', 'G1'])
const none: ReadonlySet<string> = new Set()

test('a C2C peer is a friend only when on the friend list; groups never are', () => {
  expect(isFriend(c2c('10000002', '李四'), friends)).toBe(true)
  expect(isFriend(c2c('10000003', '王五'), friends)).toBe(false)
  expect(isFriend(c2c('10000002', '李四'), none)).toBe(false)
  expect(isFriend(group('G1', '项目组', '100001'), friends)).toBe(false)
})

test('C2Cyx conversations hide pin, mute and archive; delete stays', () => {
  const yx = c2c('yx001', '客服')
  expect(isYxConversation(yx.conversationID)).toBe(true)
  expect(menuOptions(yx, new Set(['yx001']))).toEqual({ pin: false, mute: false, fold: false })
  expect(menuItems(yx, friends).map((i) => i.action)).toEqual(['delete'])
})

test('non-friends cannot be pinned or muted', () => {
  expect(menuOptions(c2c('10000009', '赵六'), friends)).toEqual({ pin: false, mute: false, fold: false })
  expect(menuItems(c2c('10000009', '赵六'), friends).map((i) => i.action)).toEqual(['delete'])
})

test('friends and groups get every action, labelled by their current state', () => {
  expect(menuItems(c2c('10000002', '李四'), friends).map((i) => [i.action, i.label])).toEqual([
    ['pin', '置顶'],
    ['mute', '消息免打扰'],
    ['fold', '折叠'],
    ['delete', '删除会话'],
  ])
  const state = { isPinned: true, isMuted: true, markList: [4] }
  expect(menuItems(group('G1', '项目组', '100001', state), none).map((i) => i.label)).toEqual(['取消置顶', '取消免打扰', '取消折叠', '删除会话'])
})

test('system accounts', () => {
  for (const id of ['groupManage', 'wisperHelper', 'administrator', 'yx123']) expect(isSystemUserID(id)).toBe(true)
  expect(isSystemUserID('10000001')).toBe(false)
})

test('an unread mention marks the row', () => {
  expect(hasUnreadAtMe(group('G1', 'g', '1'))).toBe(false)
  expect(hasUnreadAtMe(group('G1', 'g', '1', { groupAtInfoList: [{ messageSequence: 5, atTypeArray: [1] }] }))).toBe(true)
})
