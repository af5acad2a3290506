import { distanceFromBottom, planScroll } from '@/components/chat/scrollPlan'

const shape = (keys: string[], conversationID = 'C2C1') => ({ conversationID, keys })
const own = (k: string) => k.startsWith('me')

test('a first page, or another conversation, starts at the bottom', () => {
  expect(planScroll({ before: null, after: shape(['a', 'b']), atBottom: false, isOwn: own })).toEqual({ kind: 'bottom' })
  expect(planScroll({ before: shape([]), after: shape(['a']), atBottom: false, isOwn: own })).toEqual({ kind: 'bottom' })
  expect(planScroll({ before: shape(['a']), after: shape(['x'], 'C2C2'), atBottom: false, isOwn: own })).toEqual({ kind: 'bottom' })
  expect(planScroll({ before: null, after: shape([]), atBottom: true, isOwn: own })).toEqual({ kind: 'none' })
})

test('older messages put above keep the view still', () => {
  expect(planScroll({ before: shape(['c', 'd']), after: shape(['a', 'b', 'c', 'd']), atBottom: false, isOwn: own })).toEqual({ kind: 'keep' })
})

test('one’s own new message always scrolls to it', () => {
  expect(planScroll({ before: shape(['a']), after: shape(['a', 'me1']), atBottom: false, isOwn: own })).toEqual({ kind: 'bottom' })
})

test('incoming messages follow at the bottom, else count on the button', () => {
  expect(planScroll({ before: shape(['a']), after: shape(['a', 'b', 'c']), atBottom: true, isOwn: own })).toEqual({ kind: 'bottom' })
  expect(planScroll({ before: shape(['a']), after: shape(['a', 'b', 'c']), atBottom: false, isOwn: own })).toEqual({ kind: 'count', added: 2 })
})

test('updates of held messages (acks, receipts) change nothing', () => {
  expect(planScroll({ before: shape(['a', 'me1']), after: shape(['a', 'me1']), atBottom: false, isOwn: own })).toEqual({ kind: 'none' })
})

test('a window moved into the past (a jump, older pages pushing the newest out) neither follows nor counts', () => {
  expect(planScroll({ before: shape(['x', 'y', 'z']), after: shape(['a', 'b', 'c']), atBottom: true, isOwn: own })).toEqual({ kind: 'none' })
  expect(planScroll({ before: shape(['c', 'd', 'e']), after: shape(['a', 'b', 'c', 'd']), atBottom: false, isOwn: own })).toEqual({ kind: 'none' })
  expect(planScroll({ before: shape(['a', 'b']), after: shape(['a']), atBottom: true, isOwn: own })).toEqual({ kind: 'none' })
})

test('distance from the bottom', () => {
  expect(distanceFromBottom({ scrollTop: 100, scrollHeight: 1000, clientHeight: 500 })).toBe(400)
  expect(distanceFromBottom({ scrollTop: 600, scrollHeight: 1000, clientHeight: 500 })).toBe(0)
})
