/**
 * What the message list does with its scroll position after its messages changed. Pure, so the
 * rules of spec section 2 can be tested: stay at the bottom when already there or after one's
 * own send, keep the view still when older messages are put above, and otherwise count the new
 * incoming messages on the scroll-to-latest button.
 */
export interface ListShape {
  conversationID: string
  keys: readonly string[]
}

export type ScrollPlan =
  | { kind: 'bottom' }
  | { kind: 'keep' }
  | { kind: 'count'; added: number }
  | { kind: 'none' }

export interface PlanInput {
  before: ListShape | null
  after: ListShape
  atBottom: boolean
  /** Keys of the messages that are one's own (only the added ones are asked). */
  isOwn(key: string): boolean
}

export function planScroll({ before, after, atBottom, isOwn }: PlanInput): ScrollPlan {
  if (!before || before.conversationID !== after.conversationID || before.keys.length === 0) {
    return after.keys.length ? { kind: 'bottom' } : { kind: 'none' }
  }
  const oldFirst = before.keys[0]!
  const oldLast = before.keys[before.keys.length - 1]!
  const newLast = after.keys[after.keys.length - 1]
  if (newLast === oldLast) {
    return after.keys[0] !== oldFirst && after.keys.length > before.keys.length ? { kind: 'keep' } : { kind: 'none' }
  }
  const from = after.keys.lastIndexOf(oldLast)
  // The newest message held is gone: a page in the past took the window's place (a jump, older
  // pages pushing the newest out) or it was deleted. Nothing arrived to follow or count.
  if (from < 0) return { kind: 'none' }
  const added = after.keys.slice(from + 1)
  if (added.some(isOwn) || atBottom) return { kind: 'bottom' }
  const incoming = added.filter((k) => !isOwn(k)).length
  return incoming > 0 ? { kind: 'count', added: incoming } : { kind: 'none' }
}

/** Spec 9: the scroll-to-latest button appears beyond two viewport heights from the bottom. */
export const SCROLL_BUTTON_VIEWPORTS = 2
/** Within this distance of the bottom the list counts as "at the bottom" and follows new messages. */
export const AT_BOTTOM_PX = 80

export interface ListMetrics {
  scrollTop: number
  scrollHeight: number
  clientHeight: number
}

export function distanceFromBottom(m: ListMetrics): number {
  return Math.max(0, m.scrollHeight - m.scrollTop - m.clientHeight)
}

/**
 * After the list or its content changed size (rows laid out, the input below grown by a panel or a
 * line of text): whether it sat at its bottom before, and so is put back there. Measured against the
 * sizes last seen, because the change itself moves the bottom away while the scroll position stays;
 * the position now is the reader's latest, so a scroll up since is respected.
 */
export function wasAtBottom(last: ListMetrics | null, now: ListMetrics): boolean {
  if (distanceFromBottom(now) <= AT_BOTTOM_PX) return true
  if (!last) return false
  return distanceFromBottom({ scrollTop: now.scrollTop, scrollHeight: last.scrollHeight, clientHeight: last.clientHeight }) <= AT_BOTTOM_PX
}
