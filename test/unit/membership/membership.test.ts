import { dayText, historyText, limitMinutes } from '@/domain/membership'

const event = { id: 1, wtId: '1', nickName: 'a', at: '2026-01-01T00:00:00.000Z', operator: '', code: '' }

test('a history line says how the membership changed and until when', () => {
  expect(historyText({ ...event, source: 'code', vipType: 1, vipLevel: 3, expiresAt: '2026-12-24T12:00:00.000Z' })).toBe(`兑换码开通 · VIP3 · 有效期至 ${dayText('2026-12-24T12:00:00.000Z')}`)
  expect(historyText({ ...event, source: 'grant', vipType: 1, vipLevel: 10, expiresAt: null })).toBe('运营开通 · VIP10 · 长期有效')
  expect(historyText({ ...event, source: 'revoke', vipType: 0, vipLevel: 0, expiresAt: null })).toBe('会员取消')
})

test('dates are days, and the call limit is in minutes', () => {
  expect(dayText(null)).toBe('')
  expect(dayText('2026-03-05T10:00:00')).toBe('2026-03-05')
  expect(limitMinutes(1800)).toBe(30)
})
