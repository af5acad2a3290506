import { pressable as focusable } from '@/platform/focus'

/**
 * What a View needs to act as a button for the keyboard and a screen reader: the platform's
 * role, Tab stop and Chinese name, and a tap doing `onPress`. Enter and Space press it through
 * the app-wide key activation (`startKeyActivation`). Spread it on the View.
 */
export function pressable(label: string, onPress: () => void) {
  return { ...focusable(label), onClick: onPress }
}

/**
 * While messages are picked the row is the only control: what is pressable inside it otherwise
 * leaves the Tab order. Said with tabIndex -1, since Taro's View keeps a tabindex it was given
 * once the prop is merely dropped (its role and name go, the bare stop would stay).
 */
export const OUT_OF_TAB_ORDER = { tabIndex: -1 }
