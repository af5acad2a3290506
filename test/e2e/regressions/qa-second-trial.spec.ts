import type { Locator, Page } from '@playwright/test'
import { submitPhoneLogin } from '../support/accounts'
import { recordToasts } from '../support/ui'
import { apiPost } from '../support/accounts'
import { operatorAccount } from '../admin/support'
import { befriend, chatPanel, conversationRow, expect, menuAction, openConversation, registerUsers, sendText, test, textRow, visible } from '../messaging/support'

/**
 * A second new-user trial at 1280x800 and 390x844: what a logged-out device and a wrong password
 * say on the login page, and the small screens the trial found wrong.
 */
const SHOTS = 'test-results/e2e/regressions'
const PHONE = { width: 390, height: 844 }

async function get<T>(page: Page, path: string, token: string): Promise<T> {
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } })
  return ((await res.json()) as { data: T }).data
}

/** Whether `inner` lies wholly inside `outer` (half a pixel of rounding allowed). */
async function inside(inner: Locator, outer: Locator): Promise<boolean> {
  const a = (await inner.boundingBox())!
  const b = (await outer.boundingBox())!
  return a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5
}

test('a phone logged out from another device says why on the login page; a wrong password then shows once, inline', async ({ login, request }) => {
  const [me] = await registerUsers(request, ['两台设备'])
  const phone = await login(me!, { viewport: PHONE })
  const shown = await recordToasts(phone.page)

  // The other device (the API session) ends the phone's session from its device list.
  const devices = await get<Array<{ id: string; current: boolean }>>(phone.page, '/api/user/security/devices', me!.login.token)
  const other = devices.find((d) => !d.current)!
  const res = await request.post('/api/user/security/devices/logout', { data: { id: other.id }, headers: { Authorization: `Bearer ${me!.login.token}` } })
  expect(((await res.json()) as { code: number }).code).toBe(200)

  await expect(phone.page).toHaveURL(/\/login/)
  await expect(visible(phone.page, 'login-session-notice')).toHaveText('你已在其他设备上被退出登录')
  await phone.page.screenshot({ path: `${SHOTS}/second-trial-logged-out-phone.png` })

  // A wrong password: 账号或密码错误 under the fields, and no toast saying it again.
  await submitPhoneLogin(phone.page, me!.phone, `${me!.pwd}x`)
  await expect(visible(phone.page, 'login-error')).toHaveText('账号或密码错误')
  await phone.page.waitForTimeout(500)
  expect((await shown()).filter((t) => t.includes('账号或密码错误'))).toEqual([])
  await phone.page.setViewportSize({ width: 1280, height: 800 })
  await phone.page.screenshot({ path: `${SHOTS}/second-trial-logged-out-desktop.png` })

  // Signing in again clears the notice.
  await submitPhoneLogin(phone.page, me!.phone, me!.pwd)
  await expect(visible(phone.page, 'conv-pane')).toBeVisible()
})

test('移至分组 from a conversation menu puts the chat in a group; with a group the tabs show 群聊 and the group, badges whole', async ({ device, login, request }) => {
  const [me, friend] = await registerUsers(request, ['分组者', '同事'])
  await befriend(request, me!, friend!)
  const added = await apiPost<{ id: number }>(request, '/api/sessionGroup/add', { groupName: '工作', relationList: [] }, me!.login.token)
  expect(added.code, added.msg).toBe(200)
  await device(friend!).sendText(`C2C${me!.wtId}`, '[::0][::5]表情测试')
  const conv = `C2C${friend!.wtId}`
  const d = await login(me!)

  // Every tab of the strip is in view at 1280x800: 群聊 and 工作 are not behind the arrow.
  const strip = visible(d.page, 'conv-tabs')
  const work = d.page.locator('[data-testid="conv-tab-group-custom"]').filter({ visible: true, hasText: '工作' })
  await expect(work).toHaveCount(1)
  expect(await inside(visible(d.page, 'conv-tab-group'), strip)).toBe(true)
  expect(await inside(work, visible(d.page, 'conv-tabs-groups'))).toBe(true)
  await expect(visible(d.page, 'conv-tabs-more')).toHaveCount(0)
  // The unread badge of a tab is drawn whole inside the strip.
  const badge = strip.locator('[data-testid="conv-tab-badge"]').first()
  await expect(badge).toBeVisible()
  expect(await inside(badge, strip)).toBe(true)

  await conversationRow(d.page, conv).click({ button: 'right' })
  await visible(d.page, 'conv-menu-group').click()
  const dialog = visible(d.page, 'conv-move-dialog')
  await expect(dialog).toContainText('工作')
  await d.page.screenshot({ path: `${SHOTS}/second-trial-move-to-group-desktop.png` })
  await dialog.locator('[data-testid="conv-move-group"]').click()
  await visible(d.page, 'conv-move-confirm').click()
  await expect(dialog).toHaveCount(0)
  await work.click()
  await expect(conversationRow(d.page, conv)).toBeVisible()
  await d.page.screenshot({ path: `${SHOTS}/second-trial-tabs-desktop.png` })

  // A quote of a message with emoji shows the emoji, in the chip and under the reply.
  await openConversation(d.page, conv)
  await menuAction(d.page, textRow(d.page, '表情测试'), 'quote')
  const chip = visible(d.page, 'quote-bar-text')
  await expect(chip.locator('[data-emoji="[微笑]"]')).toHaveCount(1)
  await expect(chip).not.toContainText('[微笑]')
  await d.page.screenshot({ path: `${SHOTS}/second-trial-quote-chip-desktop.png` })
  await sendText(d.page, '收到')
  const quoted = textRow(d.page, '收到').locator('[data-testid="msg-quote"]')
  await expect(quoted.locator('[data-emoji="[流泪]"]')).toHaveCount(1)
  await expect(quoted).not.toContainText('[流泪]')
  await expect(chatPanel(d.page)).toBeVisible()

  await d.page.setViewportSize(PHONE)
  await expect(visible(d.page, 'conv-tabs')).toBeVisible()
  await d.page.screenshot({ path: `${SHOTS}/second-trial-tabs-phone.png` })
})

test('on a phone the moment detail fills the screen under 动态详情 alone; the helper has its own avatar', async ({ login, request }) => {
  const [me] = await registerUsers(request, ['看动态'])
  const posted = await apiPost<{ id: number }>(request, '/api/user/friendsCircle/add', { content: '今天天气不错' }, me!.login.token)
  expect(posted.code, posted.msg).toBe(200)
  const p = await login(me!, { viewport: PHONE })

  // The helper's row shows its green avatar, not the placeholder.
  const helper = conversationRow(p.page, 'C2CwisperHelper').first()
  await expect(helper.locator('img').first()).toHaveAttribute('src', /^data:image\/svg\+xml/)
  await p.page.screenshot({ path: `${SHOTS}/second-trial-helper-avatar-phone.png` })

  await p.page.goto(`/moments/${posted.data.id}`)
  await expect(visible(p.page, 'moment-detail')).toBeVisible()
  await expect(visible(p.page, 'tabbar')).toHaveCount(0)
  await expect(p.page.locator('.shell-header').filter({ visible: true })).toHaveCount(0)
  await expect(visible(p.page, 'moment-detail-back')).toBeInViewport()
  await p.page.screenshot({ path: `${SHOTS}/second-trial-moment-detail-phone.png` })
  await visible(p.page, 'moment-detail-back').click()
  await expect(p.page).toHaveURL(/\/moments$/)
  await expect(visible(p.page, 'tabbar')).toBeVisible()

  await p.page.setViewportSize({ width: 1280, height: 800 })
  await p.page.goto(`/moments/${posted.data.id}`)
  await expect(visible(p.page, 'moment-detail')).toBeVisible()
  await p.page.screenshot({ path: `${SHOTS}/second-trial-moment-detail-desktop.png` })
})

test('the operator console’s word lists speak plainly: no internal codes, no English test words', async ({ login, request }) => {
  const op = await operatorAccount(request)
  const o = await login(op)
  await o.page.goto('/admin')
  await visible(o.page, 'admin-nav-moderation').click()
  const panel = visible(o.page, 'admin-moderation')
  await expect(panel).toContainText('违禁词测试')
  const text = await panel.innerText()
  expect(text).not.toMatch(/3123|80001|80004/)
  expect(text).not.toMatch(/blockedword|sensitiveword/)
  await o.page.screenshot({ path: `${SHOTS}/second-trial-admin-moderation-desktop.png` })
  await o.page.setViewportSize(PHONE)
  await o.page.screenshot({ path: `${SHOTS}/second-trial-admin-moderation-phone.png` })
})
