import type { Locator, Page } from '@playwright/test'
import { expectToast, fillInput, textareaByTestId } from '../support/ui'
import { befriend, expect, pngImage, registerUsers, test, visible } from '../messaging/support'

const PHONE = { width: 390, height: 844 }

function card(page: Page, text: string): Locator {
  return page.locator('[data-testid="moment-card"]').filter({ visible: true }).filter({ hasText: text })
}

async function openMoments(page: Page): Promise<void> {
  await visible(page, 'nav-moments').click()
  await expect(visible(page, 'moments-feed')).toBeVisible()
}

async function pickImages(page: Page, files: Array<{ name: string; buffer: Buffer }>): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await visible(page, 'moment-add-images').click()
  await (await chooser).setFiles(files.map((f) => ({ ...f, mimeType: 'image/png' })))
}

test('A publishes, B (phone) sees, likes and comments, A is notified and replies on the detail page, C the stranger sees nothing', async ({ login, request }) => {
  const [alice, bob, carol] = await registerUsers(request, ['甲', '乙', '丙'])
  await befriend(request, alice, bob)
  const a = await login(alice)
  const b = await login(bob, { viewport: PHONE })
  const c = await login(carol, { viewport: PHONE })

  // A: text, three pictures uploaded with progress, the last removed, the second moved first, a place.
  await openMoments(a.page)
  await visible(a.page, 'moments-publish-open').click()
  await textareaByTestId(a.page, 'moment-publish-text').fill('周末去爬山了')
  const red = pngImage(40, 40, [220, 40, 40], [220, 40, 40])
  const blue = pngImage(40, 40, [40, 40, 220], [40, 40, 220])
  const green = pngImage(40, 40, [40, 200, 40], [40, 200, 40])
  await pickImages(a.page, [
    { name: 'red.png', buffer: red },
    { name: 'blue.png', buffer: blue },
    { name: 'green.png', buffer: green },
  ])
  const tiles = a.page.locator('[data-testid="moment-publish-image"]').filter({ visible: true })
  await expect(tiles).toHaveCount(3)
  await expect(tiles.locator('xpath=self::*[@data-uploaded="true"]')).toHaveCount(3)
  await tiles.nth(2).locator('[data-testid="moment-image-remove"]').click()
  await tiles.nth(1).locator('[data-testid="moment-image-left"]').click()
  await expect(tiles).toHaveCount(2)
  await fillInput(a.page, 'moment-publish-place', '香山公园')
  await visible(a.page, 'moment-publish-submit').click()
  await expectToast(a.page, '发表成功')
  const mine = card(a.page, '周末去爬山了')
  await expect(mine.locator('[data-testid="moment-location"]')).toHaveText('香山公园')
  await expect(mine.locator('[data-testid="moment-image"]')).toHaveCount(2)
  const momentId = await mine.getAttribute('data-moment-id')
  // The blue picture was moved in front of the red one.
  const shown = await mine.locator('[data-testid="moment-image"] img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))
  expect(shown).toHaveLength(2)

  // B on a phone: the moment at the top of the feed, the pictures in the preview, a like and a comment.
  await openMoments(b.page)
  const seen = card(b.page, '周末去爬山了')
  await expect(seen.locator('[data-testid="moment-author"]')).toHaveText(alice.nickName)
  await expect(seen.locator('[data-testid="moment-time"]')).toHaveText('刚刚')
  await seen.locator('[data-testid="moment-image"]').first().click()
  await expect(visible(b.page, 'preview-counter')).toHaveText('1 / 2')
  await visible(b.page, 'preview-close').click()
  await seen.locator('[data-testid="moment-more"]').click()
  await visible(b.page, 'moment-like').click()
  await expect(seen.locator('[data-testid="moment-likes"]')).toHaveText(bob.nickName)
  await seen.locator('[data-testid="moment-more"]').click()
  await visible(b.page, 'moment-comment-open').click()
  await fillInput(b.page, 'moment-comment-input', '风景真好')
  await visible(b.page, 'moment-comment-send').click()
  await expect(seen.locator('[data-testid="moment-comment"]')).toHaveText(`${bob.nickName}: 风景真好`)

  // A: the sidebar badge at once, the notice list, then the detail page from a notice.
  await expect(visible(a.page, 'badge-moments')).toHaveText('2')
  await expect(visible(a.page, 'moments-notice-bar')).toHaveText('2条新消息')
  await visible(a.page, 'moments-notice-bar').click()
  const notices = a.page.locator('[data-testid="moment-notice"]').filter({ visible: true })
  await expect(notices).toHaveCount(2)
  await expect(notices.first()).toContainText('风景真好')
  await expect(visible(a.page, 'badge-moments')).toHaveCount(0)
  await notices.first().click()
  await expect(visible(a.page, 'moment-detail')).toBeVisible()
  const detail = visible(a.page, 'moment-detail')
  await detail.locator('[data-testid="moment-comment"]').click()
  await visible(a.page, 'moment-comment-reply').click()
  await fillInput(a.page, 'moment-comment-input', '下次一起')
  await visible(a.page, 'moment-comment-send').click()
  await expect(detail.locator('[data-testid="moment-comment"]').nth(1)).toHaveText(`${alice.nickName} 回复 ${bob.nickName}: 下次一起`)

  // B opens the moment's address: the reply is there, and B's notice of it.
  await b.page.goto(`/moments/${momentId}`)
  await expect(visible(b.page, 'moment-detail').locator('[data-testid="moment-comment"]').nth(1)).toHaveText(`${alice.nickName} 回复 ${bob.nickName}: 下次一起`)

  // C, a stranger: nothing in the feed, and the address answers that the moment is not there.
  await openMoments(c.page)
  await expect(visible(c.page, 'moments-empty')).toBeVisible()
  await expect(card(c.page, '周末去爬山了')).toHaveCount(0)
  await c.page.goto(`/moments/${momentId}`)
  await expect(visible(c.page, 'moment-detail-empty')).toContainText('该动态不存在或已被删除')
})
