import type { StripEdges } from './tabStrip'

/** Pixels a press must travel before it counts as a drag rather than a click on a tab. */
const DRAG_SLOP = 5
/** Room kept between a revealed tab and the strip's edge, so it clears the fade. */
const REVEAL_MARGIN = 24

export function attachTabStrip(domId: string, onEdges: (edges: StripEdges) => void): () => void {
  const el = document.getElementById(domId)
  if (!el) return () => undefined
  let last = ''
  const report = () => {
    const edges = { start: el.scrollLeft > 1, end: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 }
    const key = `${edges.start}${edges.end}`
    if (key === last) return
    last = key
    onEdges(edges)
  }
  const onWheel = (e: WheelEvent) => {
    if (el.scrollWidth <= el.clientWidth) return
    const delta = Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY
    if (!delta) return
    e.preventDefault()
    el.scrollLeft += e.deltaMode === 1 ? delta * 16 : delta
  }
  let drag: { x: number; left: number; moved: boolean; pointer: number } | null = null
  let swallowClick = false
  const onDown = (e: PointerEvent) => {
    // Touch scrolls natively; only the mouse needs dragging by hand.
    if (e.pointerType !== 'mouse' || e.button !== 0) return
    drag = { x: e.clientX, left: el.scrollLeft, moved: false, pointer: e.pointerId }
  }
  const onMove = (e: PointerEvent) => {
    if (!drag) return
    const dx = e.clientX - drag.x
    if (!drag.moved && Math.abs(dx) < DRAG_SLOP) return
    if (!drag.moved) {
      drag.moved = true
      el.setPointerCapture?.(drag.pointer)
    }
    el.scrollLeft = drag.left - dx
  }
  const onUp = () => {
    if (drag?.moved) swallowClick = true
    drag = null
  }
  // The click that ends a drag must not also switch tabs.
  const onClick = (e: MouseEvent) => {
    if (!swallowClick) return
    swallowClick = false
    e.stopPropagation()
    e.preventDefault()
  }
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(report) : null
  resize?.observe(el)
  for (const child of Array.from(el.children)) resize?.observe(child)
  const mutations = typeof MutationObserver === 'function' ? new MutationObserver(report) : null
  mutations?.observe(el, { childList: true, subtree: true, characterData: true })
  el.addEventListener('scroll', report, { passive: true })
  el.addEventListener('wheel', onWheel, { passive: false })
  el.addEventListener('pointerdown', onDown)
  el.addEventListener('pointermove', onMove)
  el.addEventListener('pointerup', onUp)
  el.addEventListener('pointercancel', onUp)
  el.addEventListener('click', onClick, true)
  report()
  return () => {
    resize?.disconnect()
    mutations?.disconnect()
    el.removeEventListener('scroll', report)
    el.removeEventListener('wheel', onWheel)
    el.removeEventListener('pointerdown', onDown)
    el.removeEventListener('pointermove', onMove)
    el.removeEventListener('pointerup', onUp)
    el.removeEventListener('pointercancel', onUp)
    el.removeEventListener('click', onClick, true)
  }
}

export function revealInStrip(domId: string, selector: string): void {
  const el = document.getElementById(domId)
  const child = el?.querySelector(selector)
  if (!el || !child) return
  const box = el.getBoundingClientRect()
  const rect = child.getBoundingClientRect()
  if (rect.left < box.left + REVEAL_MARGIN) el.scrollLeft -= box.left + REVEAL_MARGIN - rect.left
  else if (rect.right > box.right - REVEAL_MARGIN) el.scrollLeft += rect.right - (box.right - REVEAL_MARGIN)
}

export function pageStrip(domId: string, direction: 1 | -1): void {
  const el = document.getElementById(domId)
  if (!el) return
  // Most of a width, so the tab cut at the edge stays partly in sight as a landmark.
  el.scrollBy({ left: direction * Math.max(el.clientWidth - 2 * REVEAL_MARGIN, REVEAL_MARGIN), behavior: 'smooth' })
}
