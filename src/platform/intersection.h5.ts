import type { IntersectionPort, VisibleWatch, VisibleWatchOptions } from './intersection'

const NOOP_WATCH: VisibleWatch = { refresh() {}, stop() {} }

function watchVisible(options: VisibleWatchOptions): VisibleWatch {
  const root = document.querySelector(options.root)
  if (!root || typeof IntersectionObserver === 'undefined') return NOOP_WATCH
  const attr = `data-${options.keyAttribute}`
  const watched = new WeakSet<Element>()
  // Rounding makes an exactly 70 % visible element report 0.6999…; the threshold fires on crossing anyway.
  const enough = options.ratio - 0.01
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || entry.intersectionRatio < enough) continue
        const key = entry.target.getAttribute(attr)
        observer.unobserve(entry.target)
        if (key) options.onVisible(key)
      }
    },
    { root, threshold: [options.ratio] },
  )
  const refresh = () => {
    root.querySelectorAll(options.targets).forEach((el) => {
      if (watched.has(el)) return
      watched.add(el)
      observer.observe(el)
    })
  }
  // New messages arrive as new nodes; watching the subtree saves every caller from calling refresh.
  const mutations = typeof MutationObserver === 'undefined' ? null : new MutationObserver(refresh)
  mutations?.observe(root, { childList: true, subtree: true })
  refresh()
  return {
    refresh,
    stop() {
      mutations?.disconnect()
      observer.disconnect()
    },
  }
}

export const intersection: IntersectionPort = {
  supported: () => typeof IntersectionObserver !== 'undefined',
  watchVisible,
}
