import type { ScrollerPort } from './scroller'

export const scroller: ScrollerPort = {
  async metrics(id) {
    const el = document.getElementById(id)
    if (!el) return null
    return { scrollTop: el.scrollTop, scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }
  },
  scrollTo(id, top, smooth = false) {
    const el = document.getElementById(id)
    if (!el) return
    if (smooth && typeof el.scrollTo === 'function') el.scrollTo({ top, behavior: 'smooth' })
    else el.scrollTop = top
  },
  async revealChild(id, childId) {
    const el = document.getElementById(id)
    const child = document.getElementById(childId)
    if (!el || !child) return
    const offset = child.getBoundingClientRect().top - el.getBoundingClientRect().top
    el.scrollTop = Math.max(0, el.scrollTop + offset - (el.clientHeight - child.offsetHeight) / 2)
  },
  watchContent(contentId, onResize) {
    const el = document.getElementById(contentId)
    if (!el || typeof ResizeObserver !== 'function') return () => {}
    let height = el.getBoundingClientRect().height
    const observer = new ResizeObserver(() => {
      const now = el.getBoundingClientRect().height
      if (now === height) return
      height = now
      onResize()
    })
    observer.observe(el)
    return () => observer.disconnect()
  },
}
