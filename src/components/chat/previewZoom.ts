/**
 * Zoom and rotation of the image preview (spec section 9): the wheel zooms within 0.125-4, a
 * pinch within 0.5-4, the buttons step by 0.1 down to 0.1; rotation turns by 90 degrees. Both
 * reset when the preview moves to another image.
 */
export interface PreviewTransform {
  scale: number
  /** Degrees, kept cumulative so the turn animates the short way. */
  rotate: number
}

export const INITIAL_TRANSFORM: PreviewTransform = { scale: 1, rotate: 0 }
export const WHEEL_RANGE = [0.125, 4] as const
export const PINCH_RANGE = [0.5, 4] as const
export const BUTTON_MIN = 0.1
export const BUTTON_MAX = 4
export const BUTTON_STEP = 0.1
const WHEEL_FACTOR = 1.1

const clamp = (n: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, n))
/** Steps of 0.1 would drift (0.30000000000000004); three decimals are plenty for a CSS scale. */
const tidy = (n: number) => Math.round(n * 1000) / 1000

export function zoomByWheel(t: PreviewTransform, deltaY: number): PreviewTransform {
  if (deltaY === 0) return t
  const next = deltaY < 0 ? t.scale * WHEEL_FACTOR : t.scale / WHEEL_FACTOR
  return { ...t, scale: tidy(clamp(next, WHEEL_RANGE)) }
}

/** `startScale` is the scale when the two fingers touched; `ratio` their distance now / then. */
export function zoomByPinch(t: PreviewTransform, startScale: number, ratio: number): PreviewTransform {
  if (!(ratio > 0)) return t
  return { ...t, scale: tidy(clamp(startScale * ratio, PINCH_RANGE)) }
}

export function zoomIn(t: PreviewTransform): PreviewTransform {
  return { ...t, scale: tidy(clamp(t.scale + BUTTON_STEP, [BUTTON_MIN, BUTTON_MAX])) }
}

export function zoomOut(t: PreviewTransform): PreviewTransform {
  return { ...t, scale: tidy(clamp(t.scale - BUTTON_STEP, [BUTTON_MIN, BUTTON_MAX])) }
}

export function rotate(t: PreviewTransform): PreviewTransform {
  return { ...t, rotate: t.rotate + 90 }
}

/** Spec 5: only jpg, gif, png and bmp may be downloaded. */
const DOWNLOADABLE = new Set(['jpg', 'jpeg', 'gif', 'png', 'bmp'])

/** Why an image cannot be saved, in the spec's words, or null when it can. */
export function downloadProblem(url: string, format: string): string | null {
  if (!url) return 'image url does not exist'
  const ext = (format || url.split(/[?#]/)[0]!.split('.').pop() || '').toLowerCase()
  return DOWNLOADABLE.has(ext) ? null : 'this image type cannot be downloaded'
}
