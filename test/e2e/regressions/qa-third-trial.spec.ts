import { befriend, createGroup, expect, openConversation, pngImage, registerUsers, test, textRow, visible } from '../messaging/support'
import { apiPost } from '../support/accounts'
import { expectToast, inputByTestId, textareaByTestId } from '../support/ui'

/** A new user's faults from trying the product at 1280x800 and 390x844, each checked by what they see. */
const SHOTS = 'docs/images/polish'
const PHONE = { width: 390, height: 844 }
const VIEWPORTS = [['desktop', undefined], ['phone', PHONE]] as const

test('in a group on a desktop the hover actions of a message keep clear of the next sender\'s name', async ({ login, request, device }) => {
  const [owner, first, second] = await registerUsers(request, ['悬停群主', '先说', '后说'])
  const group = await createGroup(request, owner!, [first!, second!], `悬停群${owner!.phone.slice(-3)}`)
  await device(first!).sendText(group.conversationID, '上一条消息')
  await device(second!).sendText(group.conversationID, '下一条消息')
  const { page } = await login(owner!)
  await openConversation(page, group.conversationID)
  const upper = textRow(page, '上一条消息')
  const lower = textRow(page, '下一条消息')
  await upper.locator('[data-testid="msg-bubble"]').hover()
  const actions = upper.locator('[data-testid="msg-quick"]')
  await expect(actions).toBeVisible()
  await expect(actions).toContainText('回应')
  const row = (await actions.boundingBox())!
  const nick = (await lower.locator('.msg-row__nick').boundingBox())!
  expect(row.y + row.height, 'the actions end above the next name').toBeLessThanOrEqual(nick.y - 2)
  const bubble = (await upper.locator('[data-testid="msg-bubble"]').boundingBox())!
  expect(row.y, 'the actions start below their own bubble').toBeGreaterThanOrEqual(bubble.y + bubble.height + 2)
  await page.screenshot({ path: `${SHOTS}/hover-actions-desktop.png` })
  await page.setViewportSize(PHONE)
  await expect(visible(page, 'chat-panel')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/hover-actions-phone.png` })
})

test('on a phone the 创建成功 toast sits under the new group\'s header, not over its title', async ({ login, request }) => {
  const [me, friend] = await registerUsers(request, ['建群手机', '群友'])
  const { page } = await login(me!, { viewport: PHONE })
  const groupName = `手机建群${me!.phone.slice(-3)}`
  await visible(page, 'conv-plus').click()
  await visible(page, 'menu-create-group').click()
  await inputByTestId(page, 'picker-search').fill(friend!.wtId)
  await page.locator(`[data-testid="picker-item"][data-id="${friend!.wtId}"]`).filter({ visible: true }).click()
  await visible(page, 'picker-done').click()
  await inputByTestId(page, 'group-create-name').fill(groupName)
  await visible(page, 'group-create-submit').click()
  await expect(visible(page, 'chat-header-name')).toHaveText(groupName)
  const toast = visible(page, 'toast').filter({ hasText: '创建成功' })
  await expect(toast).toBeVisible()
  await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
  const box = (await toast.boundingBox())!
  const header = await visible(page, 'chat-header-name').evaluate((el) => {
    const r = el.closest('.chat-header')!.getBoundingClientRect()
    return { y: r.y, height: r.height }
  })
  expect(box.y, 'the toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height)
  await page.screenshot({ path: `${SHOTS}/group-created-toast-phone.png` })
})

for (const [label, viewport] of VIEWPORTS) {
  test(`the image preview opened from 朋友圈 before any chat is dark, as WeChat's (${label})`, async ({ login, request }) => {
    const [author, reader] = await registerUsers(request, ['晒图', '看图'])
    await befriend(request, author!, reader!)
    const up = await request.post('/api/oss/upload', {
      headers: { Authorization: `Bearer ${author!.login.token}` },
      multipart: { kind: 'image', file: { name: 'red.png', mimeType: 'image/png', buffer: pngImage(60, 40, [220, 40, 40], [220, 40, 40]) } },
    })
    const url = ((await up.json()) as { data: { url: string } }).data.url
    const posted = await apiPost(request, '/api/user/friendsCircle/add', { content: '看这张图', images: [url] }, author!.login.token)
    expect(posted.code, posted.msg).toBe(200)
    const { page } = await login(reader!, viewport ? { viewport } : {})
    await visible(page, 'nav-moments').click()
    const card = page.locator('[data-testid="moment-card"]').filter({ visible: true, hasText: '看这张图' })
    await card.locator('[data-testid="moment-image"]').first().click()
    const preview = visible(page, 'preview')
    await expect(preview).toBeVisible()
    expect(await preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0.9)')
    const size = viewport ?? { width: 1280, height: 800 }
    expect(await preview.boundingBox()).toEqual({ x: 0, y: 0, width: size.width, height: size.height })
    await preview.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
    await page.screenshot({ path: `${SHOTS}/image-preview-${label}.png` })
  })
}

for (const [label, viewport] of VIEWPORTS) {
  test(`a friend's new moment puts a dot on the 朋友圈 entry at once, gone once the feed is seen (${label})`, async ({ login, request }) => {
    const [author, reader] = await registerUsers(request, ['发圈', '刷圈'])
    await befriend(request, author!, reader!)
    const r = await login(reader!, viewport ? { viewport } : {})
    const a = await login(author!)
    const entry = visible(r.page, 'nav-moments')
    await expect(entry).toBeVisible()
    await expect(visible(r.page, 'badge-moments-dot')).toHaveCount(0)

    await visible(a.page, 'nav-moments').click()
    await visible(a.page, 'moments-publish-open').click()
    await textareaByTestId(a.page, 'moment-publish-text').fill('新的一天')
    await visible(a.page, 'moment-publish-submit').click()
    await expectToast(a.page, '发表成功')

    const dot = entry.locator('[data-testid="badge-moments-dot"]')
    await expect(dot).toBeVisible()
    const box = (await dot.boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(8)
    expect(await dot.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)')
    await r.page.screenshot({ path: `${SHOTS}/moments-dot-${label}.png` })

    await entry.click()
    await expect(r.page.locator('[data-testid="moment-card"]').filter({ visible: true, hasText: '新的一天' })).toBeVisible()
    await expect(visible(r.page, 'badge-moments-dot')).toHaveCount(0)
  })
}

for (const [label, viewport] of VIEWPORTS) {
  test(`Settings → 通知 shows where this browser stands at once, not 读取中… for seconds (${label})`, async ({ login, request }) => {
    const [me] = await registerUsers(request, ['通知设置'])
    const { page } = await login(me!, viewport ? { viewport } : {})
    await visible(page, 'settings-button').click()
    await expect(visible(page, 'settings-notifications')).toBeVisible()
    await visible(page, 'settings-notifications').click()
    // Within a second of the tap, where waiting for a worker still installing took about three.
    await expect(visible(page, 'push-permission')).toBeVisible({ timeout: 1000 })
    await expect(visible(page, 'notification-dialog')).not.toContainText('读取中')
    await page.screenshot({ path: `${SHOTS}/notification-settings-${label}.png` })
  })
}
