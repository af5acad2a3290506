/** Where the phone's bubble menu goes: above the message bubble, else below it, its arrow at the bubble's middle. */

export interface Box {
  left: number
  top: number
  width: number
  height: number
}

export interface BubblePlace {
  left: number
  top: number
  /** The arrow's distance from the menu's left edge. */
  arrowX: number
  /** Which side of the bubble the menu is on; the arrow points the other way. */
  side: 'above' | 'below'
}

/** Items in one row of the bubble menu (WeChat's five). */
export const BUBBLE_MENU_COLUMNS = 5
export const BUBBLE_ITEM_WIDTH = 54
export const BUBBLE_ITEM_HEIGHT = 44
const PAD = 6
/** Room kept between the menu's arrow and the bubble. */
const GAP = 10
const EDGE = 8
/** The chat header and the status bar: the menu never hides under them. */
const TOP_RESERVED = 60

export function bubbleMenuSize(count: number): { width: number; height: number } {
  const columns = Math.min(BUBBLE_MENU_COLUMNS, Math.max(1, count))
  const rows = Math.ceil(count / BUBBLE_MENU_COLUMNS)
  return { width: columns * BUBBLE_ITEM_WIDTH + PAD * 2, height: rows * BUBBLE_ITEM_HEIGHT + PAD * 2 }
}

/**
 * `bubble` is the pressed bubble in window coordinates. Above when it fits under the header,
 * below when that fits on screen, else over the bubble where the finger pressed (a bubble taller
 * than the screen).
 */
export function placeBubbleMenu(bubble: Box, pressY: number, count: number, screen: { width: number; height: number }): BubblePlace {
  const { width, height } = bubbleMenuSize(count)
  const middle = bubble.left + bubble.width / 2
  const left = Math.min(Math.max(EDGE, middle - width / 2), Math.max(EDGE, screen.width - width - EDGE))
  const arrowX = Math.min(Math.max(16, middle - left), width - 16)
  const above = bubble.top - GAP - height
  if (above >= TOP_RESERVED) return { left, top: above, arrowX, side: 'above' }
  const below = bubble.top + bubble.height + GAP
  if (below + height <= screen.height - EDGE) return { left, top: below, arrowX, side: 'below' }
  return { left, top: Math.max(TOP_RESERVED, Math.min(pressY - GAP - height, screen.height - height - EDGE)), arrowX, side: 'above' }
}
