import { expect, test } from '@playwright/test'
import { byTestId, clickTestId, expectPath } from '../support/ui'

test('an unknown path shows the 404 page, which links home', async ({ page }) => {
  const response = await page.goto('/nope')
  expect(response?.ok(), 'the server answers unknown paths with the app').toBe(true)

  await expectPath(page, '/404')
  await expect(byTestId(page, 'not-found')).toBeVisible()
  await expect(page).toHaveTitle('页面不存在 - 微谈')

  await clickTestId(page, 'not-found-home')
  await expectPath(page, '/')
  await expect(byTestId(page, 'not-found')).toHaveCount(0)
})
