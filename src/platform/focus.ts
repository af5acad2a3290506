/**
 * Keyboard focus on the page: the only code that moves focus or listens for keys on the whole
 * document (besides the chat editor's keys in keyboard.ts). The mini-program has no focus to
 * move and no hardware keyboard: there every function is a no-op.
 */

import type { RoveOrientation, RoveStart } from './roveStep'

/** What the desktop shortcuts ask the app to do. */
export type Shortcut = 'search' | 'previous' | 'next'

export interface PressableProps {
  role?: string
  tabIndex?: number
  'aria-label'?: string
}

/**
 * Props that make a Taro View a button for keyboards and screen readers: role, a tab stop and,
 * when given, its spoken name (needed when the view shows only an icon). Enter and Space click
 * it once `startKeyActivation()` runs.
 */
export declare function pressable(label?: string, role?: string): PressableProps

/** Enter and Space click any focused view with a button-like role; installed once at start. */
export declare function startKeyActivation(): () => void

/** Notes what has focus now; the returned function puts focus back there, if it is still on the page. */
export declare function rememberFocus(): () => void

/**
 * Focuses the first focusable element inside the element with this id, or the element itself.
 * With `preferId` (a part of it, a dialog's body), the first inside that part comes first.
 */
export declare function focusFirst(id: string, preferId?: string): void

/**
 * Focuses the element with this id itself (a message row the app took the reader to), where it
 * already is: the caller has scrolled it into place. A screen reader reads it out.
 */
export declare function focusItem(id: string): void

/** The next page shown takes focus on its main region (`arriveAt`): a rail entry's page replaces the one that held it. */
export declare function moveFocusToNextPage(): void

/** Focuses the element with this id (a page's main region) if `moveFocusToNextPage` asked for it just before. */
export declare function arriveAt(id: string): void

/** Keeps Tab and Shift+Tab inside the element with this id. Returns the function that stops it. */
export declare function trapFocus(id: string): () => void

/** Calls `handler` when a pointer presses outside the element with this id. */
export declare function onPressOutside(id: string, handler: () => void): () => void

/** Whether onPressOutside is watched here; where it is not (the mini-program), a pop-up covers the page with a mask to close on. */
export declare const pressOutsideWatched: boolean

/**
 * Roving tabindex over the items (`[data-rove]`) inside the element with this id: the list is one
 * Tab stop, arrow keys (and Home/End) move between items (`roveStep`). Until one was focused or
 * selected, the stop is on the first item, or on the last with start 'last' (the newest message).
 */
export declare function rove(id: string, orientation: RoveOrientation, start?: RoveStart): () => void

/** Calls `onIn` when focus enters the element with this id and `onOut` when it leaves it. */
export declare function onFocusWithin(id: string, onIn: () => void, onOut: () => void): () => void

/** Focuses the search field (`[data-search]`) of the screen shown; false when it has none. */
export declare function focusSearch(): boolean

/** Ctrl+K or Ctrl+F (search), Alt+↑ and Alt+↓ (previous and next conversation). */
export declare function onShortcut(handler: (shortcut: Shortcut) => boolean): () => void
