/**
 * Display boxes of media bubbles (spec section 9): images at most 300 px (on narrow screens the
 * smaller of container width - 180 and 300), videos at most 300 (narrow: container width - 172),
 * and audio bubbles 10 px per second plus 20 px, counting at least 1 second.
 */
export interface Box {
  width: number
  height: number
}

export interface FitContext {
  narrow: boolean
  /** Width of the message list, in px. */
  containerWidth: number
}

export const IMAGE_MAX_PX = 300
export const VIDEO_MAX_PX = 300
/** A picture this thin would be unreadable; the box keeps at least this on its short side. */
export const MEDIA_MIN_SIDE_PX = 40
const NARROW_IMAGE_MARGIN_PX = 180
const NARROW_VIDEO_MARGIN_PX = 172

export function imageMaxSide(ctx: FitContext): number {
  return ctx.narrow ? clampMin(Math.min(ctx.containerWidth - NARROW_IMAGE_MARGIN_PX, IMAGE_MAX_PX)) : IMAGE_MAX_PX
}

export function videoMaxWidth(ctx: FitContext): number {
  return ctx.narrow ? clampMin(Math.min(ctx.containerWidth - NARROW_VIDEO_MARGIN_PX, VIDEO_MAX_PX)) : VIDEO_MAX_PX
}

/**
 * Scales a picture down (never up) so that its longer side fits `max`, keeping the aspect ratio.
 * Unknown sizes (0) get a 4:3 box, so the bubble's height is known before the picture loads and
 * the list does not jump.
 */
export function fitBox(size: Box, max: number, fallbackRatio = 3 / 4): Box {
  if (!(size.width > 0) || !(size.height > 0)) {
    const width = Math.round(max * 0.6)
    return { width, height: Math.round(width * fallbackRatio) }
  }
  const scale = Math.min(1, max / Math.max(size.width, size.height))
  return {
    width: Math.max(MEDIA_MIN_SIDE_PX, Math.round(size.width * scale)),
    height: Math.max(MEDIA_MIN_SIDE_PX, Math.round(size.height * scale)),
  }
}

export function fitImage(size: Box, ctx: FitContext): Box {
  return fitBox(size, imageMaxSide(ctx))
}

/** Videos are fitted by width; a missing poster size is taken as 16:9. */
export function fitVideo(size: Box, ctx: FitContext): Box {
  const maxWidth = videoMaxWidth(ctx)
  if (!(size.width > 0) || !(size.height > 0)) return { width: maxWidth, height: Math.round((maxWidth * 9) / 16) }
  const scale = Math.min(1, maxWidth / size.width, maxWidth / size.height)
  return {
    width: Math.max(MEDIA_MIN_SIDE_PX, Math.round(size.width * scale)),
    height: Math.max(MEDIA_MIN_SIDE_PX, Math.round(size.height * scale)),
  }
}

/** Spec: 10 px per second plus 20 px, with at least 1 second; fractions of a second round up. */
export function audioBubbleWidth(seconds: number): number {
  const s = Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1
  return s * 10 + 20
}

function clampMin(n: number): number {
  return Math.max(MEDIA_MIN_SIDE_PX * 2, n)
}
