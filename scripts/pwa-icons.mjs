/**
 * Draws the installed app's PNG icons from src/pwa/icon.svg and icon-maskable.svg with the
 * Chromium the browser tests use, into src/pwa/ (committed: the build only copies them). Run it
 * again after changing either drawing: node scripts/pwa-icons.mjs
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs'

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'pwa')

/** Sizes browsers ask for: 192 and 512 (install, splash), 180 (iOS home screen), 32 (a tab's icon). */
const ICONS = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon.svg', 'favicon-32.png', 32],
  ['icon-maskable.svg', 'icon-maskable-192.png', 192],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  // iOS rounds the corners itself and shows transparency as black: the full-bleed drawing.
  ['icon-maskable.svg', 'apple-touch-icon.png', 180],
]

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  for (const [svg, png, size] of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    const source = fs.readFileSync(path.join(dir, svg), 'utf8')
    await page.setContent(`<html><body style="margin:0;background:transparent">${source.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`)
    await page.screenshot({ path: path.join(dir, png), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
    await page.close()
    console.log(`${png} ${size}x${size}`)
  }
} finally {
  await browser.close()
}
