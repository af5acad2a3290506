import type { BackEntryPort } from './backEntry'

/** Marks the history entries pushed here, so a later pop can tell them from the router's. */
const MARK = 'wtBackEntry'

let current: { onBack: () => void; isOwnerShowing: () => boolean } | null = null
/** A pop this module caused itself (dropping an entry), which nobody else must see. */
let dropping = false
let listening = false

const ours = (state: unknown) => Boolean(state && typeof state === 'object' && MARK in state)

/**
 * Runs before the page router's own popstate listener (capture listeners on the target run
 * first): a pop out of our entry closes the overlay and must not be taken as a page change.
 */
function onPop(e: PopStateEvent): void {
  if (dropping) {
    dropping = false
    e.stopImmediatePropagation()
    return
  }
  if (current && !ours(e.state)) {
    const entry = current
    current = null
    // Another page took over meanwhile (a redirect replaced our entry): the router handles it.
    if (!entry.isOwnerShowing()) return
    e.stopImmediatePropagation()
    entry.onBack()
    return
  }
  if (!current && ours(e.state)) {
    // Forward into an entry whose overlay is closed: step back over it, unseen.
    e.stopImmediatePropagation()
    dropping = true
    window.history.back()
  }
}

export const backEntry: BackEntryPort = {
  open(url, onBack, isOwnerShowing) {
    if (!listening) {
      window.addEventListener('popstate', onPop, true)
      listening = true
    }
    current = { onBack, isOwnerShowing }
    const state: unknown = window.history.state
    window.history.pushState({ ...(state && typeof state === 'object' ? state : {}), [MARK]: true }, '', url)
  },
  close() {
    if (!current) return
    current = null
    if (!ours(window.history.state)) return
    dropping = true
    window.history.back()
  },
}
