import type { PressableProps, Shortcut } from './focus'
import { roveStep, type RoveOrientation, type RoveStart } from './roveStep'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), [tabindex]'

/** Roles whose views Enter and Space click (native buttons and links do it themselves). */
const KEY_ROLES = new Set(['button', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'link', 'switch', 'checkbox', 'radio', 'treeitem', 'gridcell'])

/** Safari before 17.4 has no checkVisibility: there a box on the page counts as shown. */
function visible(el: Element): boolean {
  if (!(el instanceof HTMLElement)) return false
  return typeof el.checkVisibility === 'function' ? el.checkVisibility() : el.getClientRects().length > 0
}

/**
 * The shown element with this id. Taro keeps pages it navigated away from in the DOM, hidden, so
 * an id can be on the page more than once.
 */
function byId(id: string): HTMLElement | null {
  const all = document.querySelectorAll<HTMLElement>(`[id="${id.replace(/["\\]/g, '\\$&')}"]`)
  return [...all].find(visible) ?? all[0] ?? null
}

/** The elements Tab stops at inside `root`, in reading order. */
function focusables(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getAttribute('tabindex') !== '-1' && !el.closest('[inert]') && visible(el),
  )
}

export function pressable(label?: string, role = 'button'): PressableProps {
  return label ? { role, tabIndex: 0, 'aria-label': label } : { role, tabIndex: 0 }
}

export function startKeyActivation(): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.key !== 'Enter' && e.key !== ' ') || e.defaultPrevented || e.repeat || e.isComposing) return
    if (e.ctrlKey || e.metaKey || e.altKey) return
    const el = e.target
    if (!(el instanceof HTMLElement) || el.matches('button, a[href], input, textarea, select, [contenteditable="true"]')) return
    if (!KEY_ROLES.has(el.getAttribute('role') ?? '') || el.getAttribute('aria-disabled') === 'true') return
    e.preventDefault()
    el.click()
  }
  document.addEventListener('keydown', onKeyDown)
  return () => document.removeEventListener('keydown', onKeyDown)
}

export function rememberFocus(): () => void {
  const before = document.activeElement
  return () => {
    if (before instanceof HTMLElement && before !== document.body && before.isConnected && visible(before)) before.focus()
  }
}

interface FollowOptions {
  /** Attribute changes that count, besides elements added and removed. */
  attributes: string[]
  windowMs: number
  /** Also look every so often, for changes a style sheet makes with no mutation. */
  pollMs?: number
  /** Called when the window ends (not when `step` ended it). */
  onEnd?: () => void
}

/**
 * Calls `step` at each change to the page (and every `pollMs`) until it answers true or the
 * window ends; answers the function that stops it early (harmless once stopped).
 */
function followPage(step: () => boolean, { attributes, windowMs, pollMs, onEnd }: FollowOptions): () => void {
  const run = () => {
    if (step()) stop()
  }
  const watcher = new MutationObserver(run)
  watcher.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: attributes })
  const poll = pollMs ? setInterval(run, pollMs) : undefined
  const timer = setTimeout(() => {
    stop()
    onEnd?.()
  }, windowMs)
  const stop = () => {
    watcher.disconnect()
    clearInterval(poll)
    clearTimeout(timer)
  }
  return stop
}

/** How long focusFirst follows the page: a busy page draws a form's inner field late. */
const FOCUS_FIRST_WINDOW_MS = 3000

/** The newest focusFirst alone follows the page: a form opened inside a panel wins over the panel. */
let stopFollowing: (() => void) | null = null

export function focusFirst(id: string, preferId?: string): void {
  stopFollowing?.()
  const before = document.activeElement
  let placed = false
  // Where focus waits while the preferred part has nothing to take it (its field not drawn yet):
  // it moves on to the field once drawn, unless the user has moved it first.
  let waiting: Element | null = null
  // Focus is unclaimed while it sits on the page itself, on an element gone from it or covered,
  // or, until the pop-up first took it, on what had it as the pop-up opened. Once the user has put
  // it somewhere else, it stays there.
  const unclaimed = () => {
    const active = document.activeElement
    if (!active || active === document.body || !active.isConnected || active.closest('[inert]')) return true
    return !placed && active === before
  }
  const place = () => {
    const root = byId(id)
    if (!root) return
    const part = preferId ? byId(preferId) : null
    const preferred = part ? focusables(part)[0] : undefined
    const active = document.activeElement
    const inside = root.contains(active)
    if (inside) placed = true
    if (inside ? !preferred || active !== waiting : !unclaimed()) return
    ;(preferred ?? focusables(root)[0] ?? root).focus()
    placed ||= root.contains(document.activeElement)
    waiting = part && !preferred ? document.activeElement : null
  }
  place()
  // The field may be drawn after the pop-up (Taro's inputs draw their inner input later, later
  // still on a busy page), and a re-render just after opening can take the focused element away:
  // in the next moments each change to the page places focus again while nobody has claimed it.
  const follow = () => {
    place()
    return false
  }
  stopFollowing = followPage(follow, { attributes: ['inert', 'hidden', 'tabindex'], windowMs: FOCUS_FIRST_WINDOW_MS, onEnd: place })
}

export function focusItem(id: string): void {
  // A pop-up opened just before (the search closed by this jump) would pull focus back to itself.
  stopFollowing?.()
  byId(id)?.focus({ preventScroll: true })
}

/** How long after a rail entry was pressed the page it opens may take to show and take focus. */
const ARRIVAL_WINDOW_MS = 3000
const ARRIVAL_POLL_MS = 50

/** When focus was last asked to go to the next page shown; 0 when it was not, or that page has it. */
let arrivalAskedAt = 0
/** What had focus when it was asked (the rail entry pressed, on the page going away). */
let arrivalFrom: Element | null = null

/** Ends the newest arrival's watch: a newer request replaces it. */
let stopArriving: (() => void) | null = null

export function moveFocusToNextPage(): void {
  stopArriving?.()
  arrivalAskedAt = Date.now()
  arrivalFrom = document.activeElement
}

export function arriveAt(id: string): void {
  if (!arrivalAskedAt || Date.now() - arrivalAskedAt > ARRIVAL_WINDOW_MS) return
  arrivalAskedAt = 0
  const from = arrivalFrom
  arrivalFrom = null
  // The page is drawn and shown a moment after it mounts, and the old one, which held focus,
  // goes away meanwhile (its rail entry may still hold focus when the new page mounts, and its
  // removal can drop focus to <body> after the region took it): for a short while, the region
  // takes focus whenever nobody holds it, until somebody else does.
  const check = () => {
    const active = document.activeElement
    const region = byId(id)
    if (active && active === region) return false
    const claimed = !!active && active !== document.body && active !== from && active.isConnected && visible(active)
    if (claimed) return true
    if (region && visible(region)) region.focus()
    return false
  }
  if (check()) return
  // The page can also come into view with no mutation (a style sheet's rule for a class set
  // earlier): it is looked for every few frames too.
  stopArriving = followPage(check, { attributes: ['style', 'class', 'hidden'], windowMs: ARRIVAL_WINDOW_MS, pollMs: ARRIVAL_POLL_MS })
}

export function trapFocus(id: string): () => void {
  // Caught on the way down: Taro's inputs stop keydown from bubbling.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Tab') return
    const root = byId(id)
    if (!root) return
    const stops = focusables(root)
    if (stops.length === 0) {
      e.preventDefault()
      return
    }
    const first = stops[0]
    const last = stops[stops.length - 1]
    const active = document.activeElement
    const inside = active instanceof Node && root.contains(active)
    const at = stops.findIndex((el) => el === active || el.contains(active))
    if (!inside || at < 0) {
      e.preventDefault()
      ;(e.shiftKey ? last : first).focus()
    } else if (e.shiftKey && at === 0) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && at === stops.length - 1) {
      e.preventDefault()
      first.focus()
    }
  }
  document.addEventListener('keydown', onKeyDown, true)
  return () => document.removeEventListener('keydown', onKeyDown, true)
}

export const pressOutsideWatched = true

export function onPressOutside(id: string, handler: () => void): () => void {
  const onDown = (e: PointerEvent) => {
    const root = byId(id)
    if (root && e.target instanceof Node && !root.contains(e.target)) handler()
  }
  document.addEventListener('pointerdown', onDown, true)
  return () => document.removeEventListener('pointerdown', onDown, true)
}

function roveItems(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('[data-rove]')].filter(visible)
}

/** Gives one item the tab stop: the focused one, else the selected one, else the first (or the last). */
function syncStops(root: Element, start: RoveStart = 'first'): void {
  const items = roveItems(root)
  if (items.length === 0) return
  const active = document.activeElement
  const current =
    items.find((el) => el === active) ??
    items.find((el) => el.getAttribute('aria-selected') === 'true' || el.hasAttribute('aria-current')) ??
    items.find((el) => el.getAttribute('tabindex') === '0' && el.dataset.roveStop === 'true') ??
    (start === 'last' ? items[items.length - 1] : items[0])
  for (const el of items) {
    const tabindex = el === current ? '0' : '-1'
    // Written only when it differs: the list's observer sees tabindex changes too.
    if (el.getAttribute('tabindex') !== tabindex) el.setAttribute('tabindex', tabindex)
    if (el === current) el.dataset.roveStop = 'true'
    else delete el.dataset.roveStop
  }
}

/** How many items share the first item's row, for Up and Down in a grid. */
function columns(items: HTMLElement[]): number {
  const top = items[0]?.getBoundingClientRect().top ?? 0
  const n = items.findIndex((el) => Math.abs(el.getBoundingClientRect().top - top) > 2)
  return n < 0 ? items.length : n
}

export function rove(id: string, orientation: RoveOrientation, start: RoveStart = 'first'): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.defaultPrevented) return
    const root = byId(id)
    const target = e.target
    if (!root || !(target instanceof HTMLElement) || !target.hasAttribute('data-rove') || !root.contains(target)) return
    const items = roveItems(root)
    const at = items.indexOf(target)
    if (at < 0) return
    const next = roveStep(e.key, orientation, at, items.length, orientation === 'grid' ? columns(items) : 1)
    if (next === null) return
    e.preventDefault()
    items[next].focus()
    syncStops(root, start)
  }
  const onFocusIn = (e: FocusEvent) => {
    const root = byId(id)
    if (root && e.target instanceof HTMLElement && e.target.hasAttribute('data-rove') && root.contains(e.target)) syncStops(root, start)
  }
  let observed: Element | null = null
  const observer = new MutationObserver(() => {
    if (observed) syncStops(observed, start)
  })
  const observe = () => {
    const root = byId(id)
    if (!root || root === observed) return
    observer.disconnect()
    observed = root
    // A re-render puts an item's own tabIndex prop back (a message row ticked while picking
    // messages), which would leave the list without its stop: that is watched for as well.
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['tabindex'] })
    syncStops(root, start)
  }
  observe()
  // The list may mount after the hook that asked for it (a page shown later).
  const retry = window.setInterval(observe, 1000)
  document.addEventListener('keydown', onKeyDown)
  document.addEventListener('focusin', onFocusIn)
  return () => {
    window.clearInterval(retry)
    observer.disconnect()
    document.removeEventListener('keydown', onKeyDown)
    document.removeEventListener('focusin', onFocusIn)
  }
}

export function onFocusWithin(id: string, onIn: () => void, onOut: () => void): () => void {
  const within = (node: EventTarget | null) => node instanceof Node && Boolean(byId(id)?.contains(node))
  const onFocusIn = (e: FocusEvent) => {
    if (within(e.target) && !within(e.relatedTarget)) onIn()
  }
  const onFocusOut = (e: FocusEvent) => {
    if (within(e.target) && !within(e.relatedTarget)) onOut()
  }
  document.addEventListener('focusin', onFocusIn)
  document.addEventListener('focusout', onFocusOut)
  return () => {
    document.removeEventListener('focusin', onFocusIn)
    document.removeEventListener('focusout', onFocusOut)
  }
}

export function focusSearch(): boolean {
  const field = [...document.querySelectorAll<HTMLElement>('[data-search] input')].find(visible)
  field?.focus()
  return Boolean(field)
}

export function onShortcut(handler: (shortcut: Shortcut) => boolean): () => void {
  // Caught on the way down: Taro's inputs and text areas stop keydown from bubbling.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.isComposing) return
    let shortcut: Shortcut | null = null
    // Taro's inputs dispatch keydown events of their own that carry no key.
    const key = typeof e.key === 'string' ? e.key.toLowerCase() : ''
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (key === 'k' || key === 'f')) shortcut = 'search'
    else if (e.altKey && !e.ctrlKey && !e.metaKey && e.key === 'ArrowUp') shortcut = 'previous'
    else if (e.altKey && !e.ctrlKey && !e.metaKey && e.key === 'ArrowDown') shortcut = 'next'
    if (shortcut && handler(shortcut)) {
      e.preventDefault()
      e.stopPropagation()
    }
  }
  document.addEventListener('keydown', onKeyDown, true)
  return () => document.removeEventListener('keydown', onKeyDown, true)
}
