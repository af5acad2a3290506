import { canDeleteComment, commentWho, formatMomentTime, imageGridLayout, imageRoom, moveItem, needsTags, praiseNames, visibilityLabel } from '@/components/moments/momentRules'
import type { MomentComment } from '@shared/moments'

const comment = (over: Partial<MomentComment> = {}): MomentComment => ({
  id: 1,
  friendsCircleId: 9,
  wtId: 'b',
  nickName: '乙',
  avatar: '',
  content: '好',
  replyWtId: '',
  replyNickName: '',
  createTime: 1,
  ...over,
})

test('pictures lay out as WeChat does: one large, four as 2x2, the rest in rows of three', () => {
  expect(imageGridLayout(1)).toBe('single')
  expect(imageGridLayout(4)).toBe('square')
  for (const n of [2, 3, 5, 6, 7, 8, 9]) expect(imageGridLayout(n)).toBe('rows')
})

test('moveItem reorders within bounds and leaves the list alone when nothing moves', () => {
  const list = ['a', 'b', 'c']
  expect(moveItem(list, 1, 0)).toEqual(['b', 'a', 'c'])
  expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a'])
  expect(moveItem(list, 2, 9)).toBe(list)
  expect(moveItem(list, 0, -1)).toBe(list)
  expect(moveItem(list, 5, 0)).toBe(list)
})

test('nine pictures at most, and none beside a video', () => {
  expect(imageRoom(0, false)).toBe(9)
  expect(imageRoom(7, false)).toBe(2)
  expect(imageRoom(9, false)).toBe(0)
  expect(imageRoom(0, true)).toBe(0)
})

test('relative times: 刚刚, minutes, hours, 昨天, days within a week, then the date', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0)
  const at = (d: Date) => Math.floor(d.getTime() / 1000)
  expect(formatMomentTime(at(new Date(2024, 5, 15, 11, 59, 30)), now)).toBe('刚刚')
  expect(formatMomentTime(at(new Date(2024, 5, 15, 11, 35)), now)).toBe('25分钟前')
  expect(formatMomentTime(at(new Date(2024, 5, 15, 1, 0)), now)).toBe('11小时前')
  expect(formatMomentTime(at(new Date(2024, 5, 14, 23, 0)), now)).toBe('昨天')
  expect(formatMomentTime(at(new Date(2024, 5, 10, 9, 0)), now)).toBe('5天前')
  expect(formatMomentTime(at(new Date(2024, 1, 3, 9, 0)), now)).toBe('2月3日')
  expect(formatMomentTime(at(new Date(2022, 11, 31, 9, 0)), now)).toBe('2022年12月31日')
  expect(formatMomentTime(0, now)).toBe('')
  // A clock ahead of ours reads as just now, never as a negative time.
  expect(formatMomentTime(at(new Date(2024, 5, 15, 12, 5)), now)).toBe('刚刚')
})

test('comment lines, like names and who may delete a comment', () => {
  expect(commentWho(comment())).toEqual({ from: '乙', to: '' })
  expect(commentWho(comment({ replyWtId: 'a', replyNickName: '甲' }))).toEqual({ from: '乙', to: '甲' })
  expect(praiseNames([{ wtId: 'a', nickName: '甲', avatar: '' }, { wtId: 'b', nickName: '乙', avatar: '' }])).toBe('甲，乙')
  expect(canDeleteComment('b', comment(), 'a')).toBe(true)
  expect(canDeleteComment('a', comment(), 'a')).toBe(true)
  expect(canDeleteComment('c', comment(), 'a')).toBe(false)
})

test('visibility labels, and which settings need tags', () => {
  expect([0, 1, 2, 3].map((v) => visibilityLabel(v as 0 | 1 | 2 | 3))).toEqual(['公开', '私密', '部分可见', '不给谁看'])
  expect([0, 1, 2, 3].map((v) => needsTags(v as 0 | 1 | 2 | 3))).toEqual([false, false, true, true])
})
