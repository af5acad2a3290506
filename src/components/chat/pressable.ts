import { pressable as focusable } from '@/platform/focus'

/**
 * What a View needs to act as a button for the keyboard and a screen reader: the platform's
 * role, Tab stop and Chinese name, and a tap doing `onPress`. Enter and Space press it through
 * the app-wide key activation (`startKeyActivation`). Spread it on the View.
 */
export function pressable(label: string, onPress: () => void) {
  return { ...focusable(label), onClick: onPress }
}
