/**
 * Photographs the page trees test/weapp/snapshots.ts wrote, as a 390x844 phone: an HTML file
 * and a PNG beside each. Before the picture, the native parts the simulator leaves empty get
 * what WeChat would draw in them: a wx-image its picture, an input its value or placeholder.
 * Usage: node --import tsx test/weapp/screenshot.ts <scene.json>...
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs'
import type { SimNode } from './harness'
import { pageHtml } from './pageHtml'

/** One page as snapshots.ts saw it. */
export interface Scene {
  pagePath: string
  serverOrigin: string
  tree: SimNode
}

/** Runs in the page: fills the native components' content from their attributes. */
function fillNativeParts() {
  const modes: Record<string, string> = { aspectFill: 'cover', aspectFit: 'contain', scaleToFill: 'fill', widthFix: 'cover', heightFix: 'cover' }
  for (const image of document.querySelectorAll('wx-image')) {
    const src = image.getAttribute('src')
    if (!src || image.querySelector('img')) continue
    const img = document.createElement('img')
    img.src = src
    img.style.objectFit = modes[image.getAttribute('mode') ?? 'scaleToFill'] ?? 'fill'
    image.append(img)
  }
  for (const field of document.querySelectorAll('wx-input, wx-textarea')) {
    const value = field.getAttribute('value')
    const span = document.createElement('span')
    span.className = value ? 'shot-value' : 'shot-placeholder'
    span.textContent = value || field.getAttribute('placeholder') || ''
    if (span.textContent) field.append(span)
  }
}

async function main(files: string[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })
    for (const file of files) {
      const scene = JSON.parse(readFileSync(file, 'utf8')) as Scene
      const html = file.replace(/\.json$/, '.html')
      writeFileSync(html, pageHtml(scene.pagePath, scene.tree, scene.serverOrigin))
      await page.goto(`file://${html}`)
      await page.evaluate(fillNativeParts)
      await page.waitForLoadState('networkidle')
      const png = file.replace(/\.json$/, '.png')
      await page.screenshot({ path: png })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      console.log(`${png}${overflow > 0 ? ` (wider than the phone by ${overflow} px)` : ''}`)
    }
  } finally {
    await browser.close()
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
