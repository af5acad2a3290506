import { MsgType, type Message } from '@shared/chat'
import {
  LEAVE_BANNER_TEXT,
  leaveCodeOf,
  leaveReasonText,
  needsTimeDivider,
  parseLocation,
  readStatusOf,
  riskText,
  truncateFileName,
} from '@/components/chat/messageDisplay'

test('a time row shows first, then only after a gap of 600 s or more', () => {
  expect(needsTimeDivider(undefined, { time: 1000 })).toBe(true)
  expect(needsTimeDivider({ time: 1000 }, { time: 1599 })).toBe(false)
  expect(needsTimeDivider({ time: 1000 }, { time: 1600 })).toBe(true)
})

test('risk texts: own send failed, audio cannot be heard, others cannot be seen', () => {
  expect(riskText({ type: MsgType.Text }, true)).toBe('涉及敏感内容, 发送失败')
  expect(riskText({ type: MsgType.Audio }, false)).toBe('涉及敏感内容, 无法收听')
  expect(riskText({ type: MsgType.Image }, false)).toBe('涉及敏感内容, 无法查看')
})

describe('truncateFileName', () => {
  test('short names stay', () => {
    expect(truncateFileName('report.pdf')).toBe('report.pdf')
    expect(truncateFileName('sixteen-chars.md')).toBe('sixteen-chars.md')
  })

  test('long names keep their extension within about 16 width units', () => {
    expect(truncateFileName('quarterly-report-2024.pdf')).toBe('quarterly-r….pdf')
    expect(truncateFileName('notes-for-the-quarterly-meeting-2024.txt')).toBe('notes-for-t….txt')
  })

  test('full-width characters count double', () => {
    expect(truncateFileName('季度报告.pdf')).toBe('季度报告.pdf')
    expect(truncateFileName('二零二四年第三季度销售报告.xlsx')).toBe('二零二四年….xlsx')
  })

  test('names without an extension are cut at the end', () => {
    expect(truncateFileName('a-very-long-name-without-dot')).toBe('a-very-long-nam…')
  })
})

test('location descriptions are JSON {title, detail}, plain text from older senders', () => {
  expect(parseLocation({ latitude: 31.23, longitude: 121.47, description: JSON.stringify({ title: '人民广场', detail: '黄浦区' }) })).toEqual({
    title: '人民广场',
    detail: '黄浦区',
    latitude: 31.23,
    longitude: 121.47,
  })
  expect(parseLocation({ latitude: 'x', description: '公司' })).toEqual({ title: '公司', detail: '', latitude: 0, longitude: 0 })
  expect(parseLocation({}).title).toBe('位置')
})

describe('read status', () => {
  const base = { type: MsgType.Text, needReadReceipt: false, readReceiptInfo: { readCount: 0, unreadCount: 0 } }
  test('C2C: read when the sequence is at most the peer read sequence', () => {
    const m = { ...base, conversationType: 'C2C' as const, sequence: 5 }
    expect(readStatusOf(m, { peerReadSequence: 4 })?.text).toBe('未读')
    expect(readStatusOf(m, { peerReadSequence: 5 })?.text).toBe('已读')
    expect(readStatusOf(m, undefined)?.text).toBe('未读')
  })

  test('group: only messages with receipts; all read, n read, or unread', () => {
    const g = { ...base, conversationType: 'GROUP' as const, sequence: 3 }
    expect(readStatusOf(g, undefined)).toBeNull()
    const r = { ...g, needReadReceipt: true }
    expect(readStatusOf({ ...r, readReceiptInfo: { readCount: 0, unreadCount: 2 } }, undefined)?.text).toBe('未读')
    expect(readStatusOf({ ...r, readReceiptInfo: { readCount: 1, unreadCount: 1 } }, undefined)?.text).toBe('1人已读')
    expect(readStatusOf({ ...r, readReceiptInfo: { readCount: 2, unreadCount: 0 } }, undefined)?.text).toBe('全部已读')
  })

  test('nothing for unsent messages and tips', () => {
    expect(readStatusOf({ ...base, conversationType: 'C2C', sequence: 0 }, { peerReadSequence: 9 })).toBeNull()
    expect(readStatusOf({ ...base, type: MsgType.GroupTip, conversationType: 'GROUP', sequence: 2 }, undefined)).toBeNull()
  })
})

function tip(payload: Record<string, unknown>, from = '1', nick = '张三'): Pick<Message, 'payload' | 'from' | 'nick' | 'type'> {
  return { type: MsgType.GroupTip, payload, from, nick }
}

describe('leave banner', () => {
  test('the newest tip about the reader gives the reason (leave codes 4, 5, 8)', () => {
    expect(leaveCodeOf([tip({ operationType: 3, operatorID: '1', userIDList: ['2'] })], '2')).toBe(4)
    expect(leaveCodeOf([tip({ operationType: 2, operatorID: '2', userIDList: ['2'] })], '2')).toBe(8)
    expect(leaveCodeOf([tip({ operationType: 6, newGroupProfile: { dissolved: true } })], '2')).toBe(5)
    expect(leaveCodeOf([tip({ operationType: 3, operatorID: '1', userIDList: ['2'] }), tip({ operationType: 1, operatorID: '1', userIDList: ['2'] })], '2')).toBeNull()
    expect(leaveCodeOf([], '2')).toBeNull()
  })

  test('texts', () => {
    expect(LEAVE_BANNER_TEXT).toBe('你已不在该群聊中')
    expect(leaveReasonText(4)).toBe('您已被管理员移出群聊')
    expect(leaveReasonText(5)).toBe('该群聊已被解散')
    expect(leaveReasonText(8)).toBe('您已退出该群聊')
    expect(leaveReasonText(null)).toBeNull()
  })
})
