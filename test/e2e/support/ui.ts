import { expect, type Locator, type Page } from '@playwright/test'

/** The element carrying `data-testid`. Taro H5 renders components as custom elements (taro-view-core…). */
export function byTestId(page: Page, testId: string): Locator {
  return page.locator(`[data-testid="${testId}"]`)
}

/** The native <input> of a Taro Input, whichever element the test id landed on. */
export function inputByTestId(page: Page, testId: string): Locator {
  return page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first()
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

/** The toasts currently on screen (ToastHost renders each with data-testid="toast" and data-type). */
export function toasts(page: Page, type?: 'info' | 'waring' | 'error' | 'success'): Locator {
  return page.locator(type ? `[data-testid="toast"][data-type="${type}"]` : '[data-testid="toast"]')
}
