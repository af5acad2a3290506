import type { BackEntryPort } from './backEntry'

/** Marks the history entries pushed here, so a later pop can tell them from the router's. */
const MARK = 'wtBackEntry'

interface Entry {
  onBack: () => void
  isOwnerShowing: () => boolean
}

let current: Entry | null = null
/** A pop this module caused itself (dropping an entry), which nobody else must see. */
let dropping = false
let listening = false

const ours = (state: unknown) => Boolean(state && typeof state === 'object' && MARK in state)

/**
 * Registered before the page router's own popstate listener (listeners of one target run in the
 * order they were added): a pop out of our entry closes the overlay and must not be taken as a
 * page change, or the router loads the page again from the address below.
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

function install(): void {
  if (listening) return
  window.addEventListener('popstate', onPop, true)
  listening = true
}

const stateObject = (): Record<string, unknown> => {
  const state: unknown = window.history.state
  return state && typeof state === 'object' ? (state as Record<string, unknown>) : {}
}

export const backEntry: BackEntryPort = {
  install,
  open(url, onBack, isOwnerShowing, belowUrl) {
    install()
    const entry: Entry = { onBack, isOwnerShowing }
    current = entry
    const below = stateObject()
    window.history.replaceState(below, '', belowUrl)
    window.history.pushState({ ...below, [MARK]: true }, '', url)
    return () => {
      // Only the overlay that is still the open one may drop the entry.
      if (current !== entry) return
      current = null
      if (!ours(window.history.state)) return
      dropping = true
      window.history.back()
    }
  },
}
