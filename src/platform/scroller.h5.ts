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
}
