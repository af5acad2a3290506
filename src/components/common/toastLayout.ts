/** Spec section 9: the stack starts 30 px from the top, 20 px between toasts. */
export const TOAST_TOP_PX = 30
export const TOAST_GAP_PX = 20
/** Toasts are one line high, so each slot is the same height and the offsets need no measuring. */
export const TOAST_HEIGHT_PX = 40

/** The top offset of the toast at `index` in the stack. */
export function toastTop(index: number): number {
  return TOAST_TOP_PX + index * (TOAST_HEIGHT_PX + TOAST_GAP_PX)
}
