import { formatConversationTime, formatMessageTime } from '@/utils/time'

// Local times: the rule is about the viewer's calendar days. 2024-05-15 is a Wednesday.
const now = new Date(2024, 4, 15, 10, 30)
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime() / 1000

describe('formatConversationTime (spec 9)', () => {
  test.each([
    ['today, just after midnight', at(2024, 5, 15, 0, 1), '00:01'],
    ['today, earlier', at(2024, 5, 15, 9, 5), '09:05'],
    ['a few minutes in the future (skewed clock) counts as today', at(2024, 5, 15, 10, 40), '10:40'],
    ['yesterday late', at(2024, 5, 14, 23, 59), '昨天'],
    ['yesterday early', at(2024, 5, 14, 0, 0), '昨天'],
    ['two days ago', at(2024, 5, 13, 12), '星期一'],
    ['last Sunday', at(2024, 5, 12, 12), '星期日'],
    ['six days ago', at(2024, 5, 9, 8), '星期四'],
    ['seven days ago is no longer "this week"', at(2024, 5, 8, 8), '5/8'],
    ['earlier this year', at(2024, 1, 1, 0, 0), '1/1'],
    ['last year', at(2023, 12, 31, 23, 59), '2023/12/31'],
    ['long ago', at(2019, 3, 7, 9), '2019/3/7'],
  ])('%s', (_label, seconds, text) => {
    expect(formatConversationTime(seconds, now)).toBe(text)
  })

  test('a Sunday seen on Monday is 昨天 and the Monday before is 星期一', () => {
    const monday = new Date(2024, 4, 20, 9)
    expect(formatConversationTime(at(2024, 5, 19, 22), monday)).toBe('昨天')
    expect(formatConversationTime(at(2024, 5, 14, 22), monday)).toBe('星期二')
    expect(formatConversationTime(at(2024, 5, 13, 22), monday)).toBe('5/13')
  })

  test('yesterday across a new year is still 昨天, and the day before that is a weekday', () => {
    const newYear = new Date(2025, 0, 1, 8)
    expect(formatConversationTime(at(2024, 12, 31, 20), newYear)).toBe('昨天')
    expect(formatConversationTime(at(2024, 12, 29, 20), newYear)).toBe('星期日')
    expect(formatConversationTime(at(2024, 12, 20, 20), newYear)).toBe('2024/12/20')
  })

  test('no time gives no text', () => {
    expect(formatConversationTime(0, now)).toBe('')
    expect(formatConversationTime(-5, now)).toBe('')
    expect(formatConversationTime(Number.NaN, now)).toBe('')
  })

  test('defaults to the current clock', () => {
    const fiveMinutesAgo = Date.now() / 1000 - 300
    const d = new Date(fiveMinutesAgo * 1000)
    const sameDay = d.getDate() === new Date().getDate()
    expect(formatConversationTime(fiveMinutesAgo)).toMatch(sameDay ? /^\d\d:\d\d$/ : /^昨天$/)
  })
})

describe('formatMessageTime', () => {
  test('keeps the clock on older days', () => {
    expect(formatMessageTime(at(2024, 5, 15, 9, 5), now)).toBe('09:05')
    expect(formatMessageTime(at(2024, 5, 14, 14, 5), now)).toBe('昨天 14:05')
    expect(formatMessageTime(at(2024, 5, 11, 9, 30), now)).toBe('星期六 09:30')
    expect(formatMessageTime(at(2024, 3, 8, 18, 0), now)).toBe('3/8 18:00')
    expect(formatMessageTime(at(2022, 3, 8, 18, 0), now)).toBe('2022/3/8 18:00')
    expect(formatMessageTime(0, now)).toBe('')
  })
})
