import { vipBadgeLevel } from '@/utils/vip'

test('no badge for non-members', () => {
  expect(vipBadgeLevel(0, 5)).toBeNull()
  expect(vipBadgeLevel(0, 0)).toBeNull()
})

test('levels 1 to 10 show as they are', () => {
  for (let level = 1; level <= 10; level++) expect(vipBadgeLevel(1, level)).toBe(level)
  expect(vipBadgeLevel(2, 7)).toBe(7)
})

test.each([0, -1, 11, 99, 2.5, Number.NaN])('level %p falls back to 1', (level) => {
  expect(vipBadgeLevel(1, level)).toBe(1)
})
