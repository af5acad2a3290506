import { execFileSync } from 'node:child_process'

const FONT = 'WenQuanYi Micro Hei'

/**
 * The layout tests measure Chinese labels and badges in pixels; without this font Chromium draws
 * fallback glyphs of another width and they fail a pixel off, far from the cause. Stop first, with
 * the command that fixes it.
 */
export function requireCjkFont(): void {
  let fonts = ''
  try {
    fonts = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' })
  } catch {
    fonts = ''
  }
  if (!fonts.includes(FONT)) {
    throw new Error(`The e2e tests need the ${FONT} font: apt-get install -y fonts-wqy-microhei`)
  }
}
