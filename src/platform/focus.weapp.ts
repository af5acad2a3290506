import type { PressableProps, Shortcut } from './focus'

const none = () => () => {}

// The mini-program reads aria-label aloud; it has no tab order and no key events.
export function pressable(label?: string): PressableProps {
  return label ? { 'aria-label': label } : {}
}
export const startKeyActivation = none
export const rememberFocus = () => () => {}
export function focusFirst(_id: string, _preferId?: string): void {}
export function focusItem(_id: string): void {}
export const moveFocusToNextPage = () => {}
export const arriveAt = (_id: string) => {}
export const trapFocus = (_id: string) => () => {}
export const onPressOutside = (_id: string, _handler: () => void) => () => {}
export const pressOutsideWatched = false
export const rove = (_id: string, _orientation: string, _start?: string) => () => {}
export const onFocusWithin = (_id: string, _onIn: () => void, _onOut: () => void) => () => {}
export const focusSearch = () => false
export const onShortcut = (_handler: (shortcut: Shortcut) => boolean) => () => {}
