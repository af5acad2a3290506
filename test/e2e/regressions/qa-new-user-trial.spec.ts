import type { Locator } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { inputByTestId, textareaByTestId } from '../support/ui'
import {
  befriend,
  chatPanel,
  conversationRow,
  createGroup,
  editor,
  expect,
  menuAction,
  openChatWith,
  openConversation,
  registerUsers,
  sendText,
  test,
  textRow,
  visible,
} from '../messaging/support'

/**
 * A new user's trial of the build: the group card after an approval, the group notifications'
 * first tab, the conversation tabs with badges, the forward dialog, group avatars after a join,
 * the chat toolbar and editor on a phone, and the small ones (the
 * membership history icon, an orphaned character in an empty state, confirmations).
 */
const SHOTS = 'test-results/e2e/regressions'
const PHONE = { width: 390, height: 844 }

const mosaicOf = (avatar: Locator) => avatar.locator('.group-mosaic').first()

/** Whether `inner` lies wholly inside `outer` (half a pixel of rounding allowed). */
async function inside(inner: Locator, outer: Locator): Promise<boolean> {
  const a = (await inner.boundingBox())!
  const b = (await outer.boundingBox())!
  return a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5
}

test('the open group card turns into 进入群聊 with the new count and avatar when the owner approves; notifications open on 我的申请', async ({ login, request }) => {
  test.setTimeout(120_000)
  const [owner, member, applicant] = await registerUsers(request, ['群主', '成员', '王五'])
  const group = await createGroup(request, owner!, [member!], `审核群${owner!.phone.slice(-3)}`)
  const o = await login(owner!)
  const s = await login(applicant!)

  // The search result shows the group's mosaic (two members), not a person silhouette.
  await inputByTestId(s.page, 'conv-search').fill(group.groupNumber)
  const result = visible(s.page, 'search-result-group').first()
  await expect(mosaicOf(result)).toHaveAttribute('data-mosaic', '2')
  await result.click()
  const card = visible(s.page, 'group-card')
  await expect(visible(s.page, 'group-card-count')).toContainText('2人')
  await expect(visible(s.page, 'group-card-avatar')).toHaveAttribute('data-mosaic', '2')
  await textareaByTestId(s.page, 'group-card-message').fill('我是王五')
  await visible(s.page, 'group-card-join').click()
  await expect(visible(s.page, 'group-card-pending')).toHaveText('已申请，等待审核')

  // The owner agrees in the application drawer of the group chat; the card stays open meanwhile.
  await expect(mosaicOf(conversationRow(o.page, group.conversationID))).toHaveAttribute('data-mosaic', '2')
  await openConversation(o.page, group.conversationID)
  await visible(o.page, 'group-apply-badge').click()
  await visible(o.page, 'group-apply-agree').click()

  await expect(visible(s.page, 'group-card-enter')).toHaveText('进入群聊')
  await expect(visible(s.page, 'group-card-count')).toContainText('3人')
  await expect(visible(s.page, 'group-card-avatar')).toHaveAttribute('data-mosaic', '3')
  await s.page.screenshot({ path: `${SHOTS}/trial-group-card-joined.png` })
  // The owner's own list shows the third member in the group's avatar too.
  await expect(mosaicOf(conversationRow(o.page, group.conversationID))).toHaveAttribute('data-mosaic', '3')

  await card.locator('.dialog__close').click()
  // The applicant's unread outcome is under 我的申请: the notifications open there.
  await visible(s.page, 'nav-contacts').click()
  await visible(s.page, 'group-notices-entry').click()
  await expect(visible(s.page, 'group-notices-tab-myApply')).toHaveClass(/gnotices__tab--on/)
  await expect(visible(s.page, 'group-notice-row').first()).toContainText('已同意')
})

test('the five conversation tabs fit the desktop pane with their unread badges', async ({ login, request, device }) => {
  const [me, friend, other] = await registerUsers(request, ['读者', '朋友', '群友'])
  await befriend(request, friend!, me!)
  const group = await createGroup(request, other!, [me!, friend!], `徽章群${me!.phone.slice(-3)}`)
  await device(friend!).sendTexts(`C2C${me!.wtId}`, Array.from({ length: 12 }, (_, i) => `私聊${i}`))
  await device(other!).sendTexts(group.conversationID, Array.from({ length: 15 }, (_, i) => `群聊${i}`))
  const { page } = await login(me!)

  const strip = visible(page, 'conv-tabs')
  for (const tab of ['conv-tab-all', 'conv-tab-unread', 'conv-tab-c2c', 'conv-tab-group']) {
    await expect(visible(page, tab).locator('[data-testid="conv-tab-badge"]')).toBeVisible()
  }
  await expect(visible(page, 'conv-tab-group').locator('[data-testid="conv-tab-badge"]')).toHaveText('15')
  // Nothing to scroll, no fade, and every tab with its badge clear of the ••• button.
  expect(await strip.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  await expect(strip).not.toHaveClass(/conv-tabs--fade-end/)
  const manage = (await visible(page, 'conv-tabs-manage').boundingBox())!
  for (const tab of ['conv-tab-all', 'conv-tab-unread', 'conv-tab-atme', 'conv-tab-c2c', 'conv-tab-group']) {
    expect(await inside(visible(page, tab), strip), tab).toBe(true)
    const badge = visible(page, tab).locator('[data-testid="conv-tab-badge"]')
    if (await badge.count()) {
      const b = (await badge.boundingBox())!
      expect(b.x + b.width).toBeLessThanOrEqual(manage.x)
    }
  }
  await page.screenshot({ path: `${SHOTS}/trial-tabs-desktop.png` })
})

test('forwarding lists groups as groups, counts chats, and has no 多选 switch', async ({ login, request }) => {
  const [alice, bob, carol] = await registerUsers(request, ['转发人', '好友', '群友'])
  await befriend(request, alice!, bob!)
  const group = await createGroup(request, alice!, [bob!, carol!], `转发群${alice!.phone.slice(-3)}`)
  const a = await login(alice!)
  await openChatWith(a.page, bob!)
  await sendText(a.page, '转给群里看看')
  await menuAction(a.page, textRow(a.page, '转给群里看看'), 'forward')
  const dialog = visible(a.page, 'forward-dialog')
  await expect(dialog.locator('.dialog__title')).toHaveText('转发')
  await expect(dialog.locator('[data-testid="forward-mode"]')).toHaveCount(0)
  await expect(dialog.getByText('多选', { exact: true })).toHaveCount(0)
  const recent = dialog.locator('[data-testid="picker-section-recent"]')
  await expect(recent).toContainText('最近聊天')
  const groupItem = recent.locator(`[data-testid="picker-item"][data-id="${group.conversationID}"]`)
  await expect(groupItem).toHaveAttribute('data-kind', 'group')
  await expect(mosaicOf(groupItem)).toHaveAttribute('data-mosaic', '3')
  await groupItem.click()
  await expect(dialog.locator('[data-testid="picker-count"]')).toHaveText('已选择 1 个聊天')
  await dialog.locator(`[data-testid="picker-item"][data-id="C2C${bob!.wtId}"]`).click()
  await expect(dialog.locator('[data-testid="picker-count"]')).toHaveText('已选择 2 个聊天')
  await expect(visible(a.page, 'forward-send')).toHaveText('发送(2)')
  await a.page.screenshot({ path: `${SHOTS}/trial-forward-desktop.png` })
  await visible(a.page, 'forward-send').click()
  await expect(dialog).toHaveCount(0)
  await openConversation(a.page, group.conversationID)
  await expect(textRow(a.page, '转给群里看看')).toBeVisible()
})

async function boxesOf(tools: Locator): Promise<Array<{ x: number; y: number; w: number; h: number }>> {
  return tools.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })))
}

test('on a phone every chat tool is on screen, 44 px or more, the editor has a placeholder, and sending a video differs from a video call', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['手机', '对方'])
  await befriend(request, alice!, bob!)
  const a = await login(alice!, { viewport: PHONE })
  await openChatWith(a.page, bob!)
  await visible(a.page, 'input-more').click()
  const boxes = await boxesOf(chatPanel(a.page).locator('.phone-input [role="button"], .plus-panel [role="button"]'))
  expect(boxes.length).toBeGreaterThanOrEqual(11)
  for (const b of boxes) expect(Math.min(b.w, b.h)).toBeGreaterThanOrEqual(44)
  // Every tool, the call tiles too, is wholly on screen without scrolling.
  for (const b of boxes) {
    expect(b.x).toBeGreaterThanOrEqual(0)
    expect(b.x + b.w).toBeLessThanOrEqual(PHONE.width)
    expect(b.y + b.h).toBeLessThanOrEqual(PHONE.height)
  }
  for (const testId of ['tool-voiceCall', 'tool-videoCall']) await expect(visible(a.page, testId)).toBeInViewport({ ratio: 1 })
  // No two tools overlap.
  for (const [i, b] of boxes.entries()) for (const c of boxes.slice(i + 1)) expect(b.x + b.w <= c.x + 0.5 || c.x + c.w <= b.x + 0.5 || b.y + b.h <= c.y + 0.5 || c.y + c.h <= b.y + 0.5).toBe(true)
  await expect(editor(a.page)).toHaveAttribute('placeholder', '输入消息')

  // Sending a video (拍摄) and placing a video call are told apart by name and icon.
  const video = visible(a.page, 'tool-video')
  await expect(video).toHaveAttribute('aria-label', '拍摄')
  const call = visible(a.page, 'tool-videoCall')
  await expect(call).toHaveAttribute('aria-label', '视频通话')
  const src = (l: Locator) => l.locator('img, .taro-img__mode-scaletofill').first().evaluate((el) => (el as HTMLImageElement).src ?? el.getAttribute('src'))
  expect(await src(video)).not.toBe(await src(call))

  await a.page.screenshot({ path: `${SHOTS}/trial-chat-phone.png` })
})

test('on a phone a group chat\'s tools, the group call too, are on screen in cells of 44 px or more', async ({ login, request }) => {
  const [owner, member] = await registerUsers(request, ['群主', '成员'])
  const group = await createGroup(request, owner!, [member!], '工具栏')
  const o = await login(owner!, { viewport: PHONE })
  await openConversation(o.page, group.conversationID)
  await visible(o.page, 'input-more').click()
  const boxes = await boxesOf(chatPanel(o.page).locator('.phone-input [role="button"], .plus-panel [role="button"]'))
  expect(boxes.length).toBeGreaterThanOrEqual(10)
  for (const b of boxes) {
    expect(Math.min(b.w, b.h)).toBeGreaterThanOrEqual(44)
    expect(b.x + b.w).toBeLessThanOrEqual(PHONE.width)
  }
  await visible(o.page, 'tool-groupCall').click()
  await expect(visible(o.page, 'group-call-menu')).toBeInViewport({ ratio: 1 })
  await o.page.screenshot({ path: `${SHOTS}/trial-group-chat-phone.png` })
})

test('small ones: the history icon, no orphaned 论。 in the moments empty state, confirmations before logging out', async ({ login, request }) => {
  const [user] = await registerUsers(request, ['新人'])
  const { page } = await login(user!, { viewport: PHONE })

  await visible(page, 'nav-moments').click()
  const hint = visible(page, 'moments-empty').locator('.empty__hint')
  await expect(hint).toBeVisible()
  // Characters on the hint's last line: more than the orphaned 「论。」.
  const lastLine = await hint.evaluate((el) => {
    const range = document.createRange()
    const tops: number[] = []
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        const rect = range.getBoundingClientRect()
        if (rect.width > 0) tops.push(Math.round(rect.top))
      }
    }
    const last = Math.max(...tops)
    return tops.filter((t) => Math.abs(t - last) < 4).length
  })
  expect(lastLine).toBeGreaterThan(3)
  await page.screenshot({ path: `${SHOTS}/trial-moments-empty-phone.png` })

  await page.goto('/member')
  const icon = visible(page, 'member-history-icon')
  await expect(icon).toBeVisible()
  const iconSvg = await icon.evaluate(async (el) => {
    const src = el.getAttribute('src') ?? (el.querySelector('img') as HTMLImageElement | null)?.src ?? ''
    return (await fetch(src)).text()
  })
  const historySvg = readFileSync('src/assets/icons/history.svg', 'utf8')
  expect(iconSvg).toContain(historySvg.match(/d="([^"]+)"/)![1]!)

  // Logging out asks first; 取消 keeps the session.
  await visible(page, 'settings-button').click()
  await visible(page, 'settings-logout').click()
  await expect(visible(page, 'logout-confirm')).toContainText('确定退出当前账号吗？')
  await page.screenshot({ path: `${SHOTS}/trial-logout-confirm-phone.png` })
  await visible(page, 'logout-confirm-cancel').click()
  await expect(visible(page, 'logout-confirm')).toHaveCount(0)
  expect(new URL(page.url()).pathname).toBe('/member')

  // The level page agrees with the member centre: the level decides which groups one may apply to.
  await visible(page, 'member-levels').click()
  await expect(visible(page, 'level-join-rule')).toContainText('受邀入群不受限制')
  await expect(page.getByText('等级只决定徽章样式')).toHaveCount(0)
  // And it is no dead end: its back link returns to 会员中心.
  await visible(page, 'level-back').click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/member')
})
