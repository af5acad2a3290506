import type { Page } from '@playwright/test'
import { textareaByTestId } from '../support/ui'
import { befriend, expect, registerUsers, test, visible } from '../messaging/support'

/** The author's feed, open while a friend likes a moment, shows the like with its notice, not only after a pull. */
const card = (page: Page, text: string) => page.locator('[data-testid="moment-card"]').filter({ visible: true }).filter({ hasText: text })

test('a like arriving while the feed is open appears on the card with the 条新消息 bar', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['作者', '好友'])
  await befriend(request, alice, bob)
  const a = await login(alice)
  const b = await login(bob)

  await visible(a.page, 'nav-moments').click()
  await visible(a.page, 'moments-publish-open').click()
  await textareaByTestId(a.page, 'moment-publish-text').fill('新的一天')
  await visible(a.page, 'moment-publish-submit').click()
  const mine = card(a.page, '新的一天')
  await expect(mine).toBeVisible()
  await expect(mine.locator('[data-testid="moment-likes"]')).toHaveCount(0)

  await visible(b.page, 'nav-moments').click()
  const seen = card(b.page, '新的一天')
  await seen.locator('[data-testid="moment-more"]').click()
  await visible(b.page, 'moment-like').click()
  await expect(seen.locator('[data-testid="moment-likes"]')).toHaveText(bob.nickName)

  await expect(visible(a.page, 'moments-notice-bar')).toHaveText('1条新消息')
  await expect(mine.locator('[data-testid="moment-likes"]')).toHaveText(bob.nickName)
  await a.page.screenshot({ path: 'test-results/e2e/regressions/moment-like-live.png' })
})
