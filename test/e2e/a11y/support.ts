import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const SIZES = [
  { name: '桌面', viewport: { width: 1280, height: 800 } },
  { name: '手机', viewport: { width: 390, height: 844 } },
] as const

/**
 * Runs axe over what is on screen (WCAG 2.1 A and AA, colour contrast included) and fails on any
 * serious or critical finding, naming each rule and the elements it found.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Colours are judged as a person sees them once a panel has faded in: axe reading a menu
  // mid-fade finds its half-transparent text too faint. Endless animations (spinners) are left.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
  // Taro keeps pages it navigated away from in the DOM, hidden; axe skips hidden nodes itself.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | ')}`)
  expect(report, `axe on ${screen}`).toEqual([])
}

/**
 * Latin words in the visible interface, other than product names, IDs, file names and what users
 * wrote (message texts, names, moments: elements marked data-user-content, inputs' values).
 */
export async function visibleLatinWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Product and technology names, key caps, units and the ICP licence number's prefix.
    const ALLOWED = new Set([
      'WeiTalk', 'ID', 'VIP', 'SVIP', 'QR', 'AI', 'App', 'APP', 'Web', 'Push', 'FAQ', 'ICP',
      'PostgreSQL', 'Redis', 'TURN', 'SFU', 'WebRTC', 'Node', 'PNG', 'JPG', 'GIF', 'PDF', 'KB', 'MB', 'GB', 'HD',
      'Enter', 'Ctrl', 'Shift', 'Alt', 'Esc', 'Tab',
    ])
    const USER_CONTENT = '[data-user-content], [data-testid="msg-text"], [data-testid="conv-row-summary"], .conv-row__name, input, textarea, [data-testid="shell-nickname"], [data-testid="chat-header-name"]'
    const latin = (text: string) =>
      text
        // Addresses and links are not words of the interface.
        .replace(/\S+@\S+|https?:\/\/\S+/g, ' ')
        .match(/[A-Za-z][A-Za-z0-9'._-]*/g)
        ?.map((w) => w.replace(/[._-]+$/, ''))
        // IDs, versions and names with digits (H5, v1.2), and the index letters of lists.
        .filter((w) => !/\d/.test(w) && !/^[A-Z]$/.test(w) && !ALLOWED.has(w)) ?? []
    const words: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest(USER_CONTENT) || !parent.checkVisibility()) continue
      for (const word of latin(node.textContent ?? '')) words.push(`${word} (${parent.className || parent.tagName})`)
    }
    // aria-labels and placeholders are read or seen as well.
    for (const el of document.querySelectorAll<HTMLElement>('[aria-label], [placeholder]')) {
      if (!el.checkVisibility() || el.closest('[data-user-content]')) continue
      const text = `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('placeholder') ?? ''}`
      for (const word of latin(text)) words.push(`${word} (aria-label/placeholder)`)
    }
    return words
  })
}
