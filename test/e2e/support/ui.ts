import { expect, type Locator, type Page } from '@playwright/test'

/**
 * The visible element carrying `data-testid`. Taro H5 renders components as custom elements
 * (taro-view-core…) and keeps pages it navigated away from in the DOM, hidden: only what the
 * user can see counts.
 */
export function byTestId(page: Page, testId: string): Locator {
  return page.locator(`[data-testid="${testId}"]`).filter({ visible: true })
}

/** The native <input> of a Taro Input, whichever element the test id landed on. */
export function inputByTestId(page: Page, testId: string): Locator {
  return page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).filter({ visible: true }).first()
}

/** The native <textarea> of a Taro Textarea, whichever element the test id landed on. */
export function textareaByTestId(page: Page, testId: string): Locator {
  return page.locator(`[data-testid="${testId}"] textarea, textarea[data-testid="${testId}"]`).filter({ visible: true }).first()
}

export async function fillInput(page: Page, testId: string, value: string): Promise<void> {
  const input = inputByTestId(page, testId)
  await input.fill(value)
  await expect(input).toHaveValue(value)
}

/** Clicks by test id: taro-ui buttons overlay a native button, so text locators can hit the wrong node. */
export async function clickTestId(page: Page, testId: string): Promise<void> {
  await byTestId(page, testId).first().click()
}

/** Waits until the browser's path (and optionally search) is the expected one. */
export async function expectPath(page: Page, pathname: string, search?: string): Promise<void> {
  await expect
    .poll(() => {
      const url = new URL(page.url())
      return search === undefined ? url.pathname : `${url.pathname}${url.search}`
    }, { message: `waiting for ${pathname}${search ?? ''}` })
    .toBe(search === undefined ? pathname : `${pathname}${search}`)
}

/**
 * The toasts on screen (ToastHost renders each with data-testid="toast" and data-type). Only
 * visible ones: Taro H5 keeps pages it navigated away from in the DOM, hidden, each with its
 * own ToastHost.
 */
export function toasts(page: Page, type?: 'info' | 'waring' | 'error' | 'success'): Locator {
  return page.locator(type ? `[data-testid="toast"][data-type="${type}"]` : '[data-testid="toast"]').filter({ visible: true })
}

/**
 * Starts recording every toast that becomes visible in this page, from the next navigation
 * on. Toasts last 3 s, so a slow check can miss one on screen; the record cannot.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __shownToasts: string[] }).__shownToasts = seen
    // A toast inserted with its host is reported twice (the host's subtree, then its own record).
    const noted = new WeakSet<Element>()
    const check = (el: Element) => {
      if (noted.has(el)) return
      noted.add(el)
      // Text and layout settle after insertion; look once the frame is painted.
      requestAnimationFrame(() => {
        if (el.checkVisibility() && el.textContent) seen.push(el.textContent)
      })
    }
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        for (const node of m.addedNodes) {
          if (!(node instanceof Element)) continue
          if (node.matches('[data-testid="toast"]')) check(node)
          node.querySelectorAll('[data-testid="toast"]').forEach(check)
        }
      }
    }).observe(document, { childList: true, subtree: true })
  })
  return () => page.evaluate(() => [...((window as unknown as { __shownToasts?: string[] }).__shownToasts ?? [])])
}

/** Waits until a toast with this text is on screen. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toasts(page).filter({ hasText: text }).first()).toBeVisible()
}

/** Waits until a toast with this text is on screen and on top: nothing covers its middle. */
export async function expectToastOnTop(page: Page, text: string): Promise<void> {
  const toast = toasts(page).filter({ hasText: text }).first()
  await expect(toast).toBeVisible()
  await expect
    .poll(
      () =>
        toast.evaluate((el) => {
          const r = el.getBoundingClientRect()
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
          return !!hit && el.contains(hit)
        }),
      { message: `the toast '${text}' is not covered` },
    )
    .toBe(true)
}
