import { distanceFromBottom, planScroll, wasAtBottom } from '@/components/chat/scrollPlan'

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

test('the input growing under a list at its bottom keeps it there; a list scrolled up stays put', () => {
  const atEnd = { scrollTop: 1500, scrollHeight: 2000, clientHeight: 500 }
  // An emoji panel of 260 px took the list's room: the position is the same, the bottom moved away.
  expect(wasAtBottom(atEnd, { scrollTop: 1500, scrollHeight: 2000, clientHeight: 240 })).toBe(true)
  // Near the bottom counts as at it.
  expect(wasAtBottom({ ...atEnd, scrollTop: 1440 }, { scrollTop: 1440, scrollHeight: 2000, clientHeight: 240 })).toBe(true)
  const reading = { scrollTop: 300, scrollHeight: 2000, clientHeight: 500 }
  expect(wasAtBottom(reading, { scrollTop: 300, scrollHeight: 2000, clientHeight: 240 })).toBe(false)
})

test('content growing under a list at its bottom keeps it there, unless the reader scrolled up since', () => {
  const atEnd = { scrollTop: 1500, scrollHeight: 2000, clientHeight: 500 }
  expect(wasAtBottom(atEnd, { scrollTop: 1500, scrollHeight: 2300, clientHeight: 500 })).toBe(true)
  expect(wasAtBottom(atEnd, { scrollTop: 900, scrollHeight: 2300, clientHeight: 500 })).toBe(false)
  // The panel closing: the browser holds the list at its end, which is the bottom still.
  expect(wasAtBottom({ scrollTop: 1760, scrollHeight: 2000, clientHeight: 240 }, { scrollTop: 1500, scrollHeight: 2000, clientHeight: 500 })).toBe(true)
  expect(wasAtBottom(null, { scrollTop: 0, scrollHeight: 2000, clientHeight: 500 })).toBe(false)
})
