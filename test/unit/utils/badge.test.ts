import { formatBadge } from '@/utils/badge'

test.each([
  [0, ''],
  [-3, ''],
  [Number.NaN, ''],
  [1, '1'],
  [42, '42'],
  [99, '99'],
  [100, '99+'],
  [12345, '99+'],
])('formatBadge(%p) is %p', (n, text) => {
  expect(formatBadge(n)).toBe(text)
})

test('the cap can be changed', () => {
  expect(formatBadge(9, 9)).toBe('9')
  expect(formatBadge(10, 9)).toBe('9+')
  expect(formatBadge(999, 999)).toBe('999')
})
