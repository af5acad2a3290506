/** Spec section 9: the stack starts 30 px from the top, 20 px between toasts. */
export const TOAST_TOP_PX = 30
/**
 * On phones the screens' header bar is 52 px high ($mobile-header-height) and holds the title and
 * the back button: the stack starts below it, so a toast never hides what the user is looking at.
 */
export const TOAST_TOP_NARROW_PX = 60
export const TOAST_GAP_PX = 20
/** Toasts are one line high, so each slot is the same height and the offsets need no measuring. */
export const TOAST_HEIGHT_PX = 40

/** The top offset of the toast at `index` in the stack (`narrow`: the phone layout). */
export function toastTop(index: number, narrow = false): number {
  return (narrow ? TOAST_TOP_NARROW_PX : TOAST_TOP_PX) + index * (TOAST_HEIGHT_PX + TOAST_GAP_PX)
}
