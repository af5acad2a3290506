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
  reveal(id, targetId) {
    const box = document.getElementById(id)
    const target = document.getElementById(targetId)
    if (!box || !target) return
    const offset = target.getBoundingClientRect().top - box.getBoundingClientRect().top
    box.scrollTop += offset - box.clientHeight / 2 + target.clientHeight / 2
  },
}
