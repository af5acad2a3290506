import type { ScrollerPort } from './scroller'

/** How many times each container was moved by the app: a repair belongs to the move it follows. */
const moves = new WeakMap<Element, number>()
function bump(el: Element): number {
  const turn = (moves.get(el) ?? 0) + 1
  moves.set(el, turn)
  return turn
}

export const scroller: ScrollerPort = {
  async metrics(id) {
    const el = document.getElementById(id)
    if (!el) return null
    return { scrollTop: el.scrollTop, scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }
  },
  scrollTo(id, top, smooth = false) {
    const el = document.getElementById(id)
    if (!el) return
    if (smooth && typeof el.scrollTo === 'function') {
      el.scrollTo({ top, behavior: 'smooth' })
      return
    }
    el.scrollTop = top
    // Taro's scroll view element resets its position to 0 once it has loaded, which comes after
    // the first scroll of a list mounted with its rows already there (a chat opened again). A
    // later deliberate move (a jump to the first message) cancels the repair.
    const turn = bump(el)
    const again = () => {
      if (moves.get(el) === turn && el.isConnected && el.scrollTop === 0 && top > 0) el.scrollTop = top
    }
    requestAnimationFrame(again)
    setTimeout(again, 120)
  },
  async offsetOf(id, childId) {
    const el = document.getElementById(id)
    const child = document.getElementById(childId)
    if (!el || !child) return null
    return child.getBoundingClientRect().top - el.getBoundingClientRect().top
  },
  async revealChild(id, childId) {
    const el = document.getElementById(id)
    const child = document.getElementById(childId)
    if (!el || !child) return
    bump(el)
    const offset = child.getBoundingClientRect().top - el.getBoundingClientRect().top
    el.scrollTop = Math.max(0, el.scrollTop + offset - (el.clientHeight - child.offsetHeight) / 2)
  },
  watchContent(contentId, onResize) {
    const content = document.getElementById(contentId)
    if (!content || typeof ResizeObserver !== 'function') return () => {}
    // The content grows (images load) or the box around it shrinks (a quote bar opens below).
    const watched = [content, content.parentElement].filter((el): el is HTMLElement => el !== null)
    const heights = new Map(watched.map((el) => [el, el.getBoundingClientRect().height]))
    const observer = new ResizeObserver((entries) => {
      let changed = false
      for (const entry of entries) {
        const el = entry.target as HTMLElement
        const now = el.getBoundingClientRect().height
        if (heights.get(el) !== now) changed = true
        heights.set(el, now)
      }
      if (changed) onResize()
    })
    for (const el of watched) observer.observe(el)
    return () => observer.disconnect()
  },
}
