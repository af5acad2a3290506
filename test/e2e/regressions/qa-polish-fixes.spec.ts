import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { operatorAccount } from '../admin/support'
import { apiPost } from '../support/accounts'
import { befriend, createGroup, expect, openConversation, registerUsers, tapTool, test, visible, type ChatUser } from '../messaging/support'

/** QA's small faults found while trying group calls: each checked by what a person would see, with screenshots. */
const SHOTS = 'test-results/e2e/regressions'
const PHONE = { width: 390, height: 844 }
const VIEWPORTS = [['desktop', undefined], ['phone', PHONE]] as const

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The box of a tab label's own glyphs, without its badge. */
const labelGlyphs = (tab: Locator) =>
  tab.locator('.conv-tabs__text').evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest('[data-testid="conv-tab-badge"]')) continue
      range.selectNodeContents(node)
      const r = range.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height }
    }
    throw new Error(`no label text in ${el.outerHTML}`)
  })

test('the desktop conversation tab badges sit clear of their labels and of the next tab', async ({ login, request, device }) => {
  const [me, friend, other] = await registerUsers(request, ['角标', '朋友', '群友'])
  await befriend(request, friend!, me!)
  const group = await createGroup(request, other!, [me!, friend!], `角标群${me!.phone.slice(-3)}`)
  await device(friend!).sendTexts(`C2C${me!.wtId}`, Array.from({ length: 12 }, (_, i) => `私聊${i}`))
  await device(other!).sendTexts(group.conversationID, Array.from({ length: 15 }, (_, i) => `群聊${i}`))
  const { page } = await login(me!)
  const strip = visible(page, 'conv-tabs')
  const tabs = ['conv-tab-all', 'conv-tab-unread', 'conv-tab-atme', 'conv-tab-c2c', 'conv-tab-group']
  await expect(visible(page, 'conv-tab-all').locator('[data-testid="conv-tab-badge"]')).toHaveText('27')
  for (const [i, id] of tabs.entries()) {
    const badge = visible(page, id).locator('[data-testid="conv-tab-badge"]')
    if (!(await badge.count())) continue
    const b = (await badge.boundingBox())!
    const text = await labelGlyphs(visible(page, id))
    expect(overlaps(b, text), `${id} badge over its label`).toBe(false)
    expect(b.x, id).toBeGreaterThanOrEqual(text.x + text.width + 1)
    const next = tabs[i + 1]
    if (next) expect(b.x + b.width, `${id} badge reaches ${next}`).toBeLessThanOrEqual((await labelGlyphs(visible(page, next))).x - 2)
  }
  // The five tabs with their badges still fit the pane: nothing to scroll.
  expect(await strip.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  await page.screenshot({ path: `${SHOTS}/polish-tab-badges-desktop.png` })
  await strip.screenshot({ path: `${SHOTS}/polish-tab-badges-desktop-strip.png` })
})

test('the phone tab badges stay clear of their labels too', async ({ login, request, device }) => {
  const [me, friend] = await registerUsers(request, ['角标手机', '朋友'])
  await befriend(request, friend!, me!)
  await device(friend!).sendTexts(`C2C${me!.wtId}`, Array.from({ length: 3 }, (_, i) => `私聊${i}`))
  const { page } = await login(me!, { viewport: PHONE })
  for (const id of ['conv-tab-all', 'conv-tab-unread', 'conv-tab-c2c']) {
    const b = (await visible(page, id).locator('[data-testid="conv-tab-badge"]').boundingBox())!
    expect(overlaps(b, await labelGlyphs(visible(page, id))), id).toBe(false)
  }
  await page.screenshot({ path: `${SHOTS}/polish-tab-badges-phone.png` })
})

async function groupChat(request: APIRequestContext, names: string[]): Promise<{ users: ChatUser[]; conversationID: string; groupNumber: string }> {
  const users = await registerUsers(request, names)
  const group = await createGroup(request, users[0]!, users.slice(1), `${names[0]}的群`)
  return { users, conversationID: group.conversationID, groupNumber: group.groupNumber }
}

test('on a phone the group call choice is a bottom sheet over a dimmed mask; tapping the mask closes it', async ({ login, request }) => {
  const { users, conversationID } = await groupChat(request, ['通话面板', '乙', '丙'])
  const { page } = await login(users[0]!, { viewport: PHONE })
  await openConversation(page, conversationID)
  await tapTool(page, 'tool-groupCall')
  const sheet = visible(page, 'group-call-menu')
  const mask = visible(page, 'group-call-mask')
  await expect(sheet).toBeVisible()
  await expect(mask).toBeVisible()
  expect(await mask.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height })
  expect(await mask.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0.5)')
  // The sheet is above the mask: its rows take the taps.
  const row = (await visible(page, 'group-call-video').boundingBox())!
  expect(await page.evaluate(([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('[data-testid="group-call-video"]'), [row.x + row.width / 2, row.y + row.height / 2])).toBe(true)
  await page.screenshot({ path: `${SHOTS}/polish-call-sheet-phone.png` })
  await mask.click({ position: { x: PHONE.width / 2, y: 200 } })
  await expect(sheet).toHaveCount(0)
  await expect(mask).toHaveCount(0)
  // The sheet's rows still choose: video opens the member picker.
  await tapTool(page, 'tool-groupCall')
  await visible(page, 'group-call-video').click()
  await expect(visible(page, 'call-picker')).toBeVisible()
})

test('on a desktop the group call choice stays a popover with no mask', async ({ login, request }) => {
  const { users, conversationID } = await groupChat(request, ['通话菜单', '乙', '丙'])
  const { page } = await login(users[0]!)
  await openConversation(page, conversationID)
  await tapTool(page, 'tool-groupCall')
  await expect(visible(page, 'group-call-menu')).toBeVisible()
  await expect(visible(page, 'group-call-mask')).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/polish-call-menu-desktop.png` })
})

for (const [label, viewport] of VIEWPORTS) {
  test(`a member removed while the group is open sees the removed state and no console errors (${label})`, async ({ login, request }) => {
    const { users, conversationID, groupNumber } = await groupChat(request, ['移出群主', '被移出', '群友'])
    const [owner, removed] = users
    const { page } = await login(removed!, viewport ? { viewport } : {})
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    const refused: string[] = []
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url())
    })
    await openConversation(page, conversationID)
    await expect(visible(page, 'chat-panel')).toBeVisible()
    const answer = await apiPost(request, '/api/user/groupchat/member/remove', { groupNumber, wtIds: [removed!.wtId] }, owner!.login.token)
    expect(answer.code, answer.msg).toBe(200)
    const panel = visible(page, 'chat-panel')
    await expect(panel).toContainText('你已不在该群聊中')
    await expect(panel).toContainText('您已被管理员移出群聊')
    await expect(visible(page, 'tool-groupCall')).toHaveCount(0)
    // Long enough for the call banner's next refresh (every 5 s while the group is shown).
    await page.waitForTimeout(6000)
    expect(refused).toEqual([])
    expect(errors).toEqual([])
    await page.screenshot({ path: `${SHOTS}/polish-removed-${label}.png` })
  })
}

async function faqRow(page: Page, question: string): Promise<Locator> {
  const row = page.locator('.admin-faq').filter({ visible: true, hasText: question })
  await expect(row).toHaveCount(1)
  return row
}

for (const [label, viewport] of VIEWPORTS) {
  test(`deleting a helper FAQ entry in the console asks first, like the other deletions (${label})`, async ({ login, request }) => {
    const op = await operatorAccount(request)
    const question = `怎么退款${Date.now() % 100000}`
    const saved = await apiPost(request, '/api/admin/helper/save', { question, replyMsg: '在会员中心申请。', keywords: ['退款'] }, op.login.token)
    expect(saved.code, saved.msg).toBe(200)
    const { page } = await login(op, viewport ? { viewport } : {})
    await page.goto('/admin')
    await visible(page, 'admin-nav-content').click()
    await (await faqRow(page, question)).locator('[data-testid="admin-faq-delete"]').click()
    const dialog = visible(page, 'admin-faq-delete-dialog')
    await expect(dialog).toContainText(question)
    await expect(visible(page, 'admin-faq-delete-dialog-confirm')).toHaveText('删除')
    // The picture once the dialog has finished fading in.
    await dialog.evaluate((el) => Promise.all(document.getAnimations().filter((a) => a.effect instanceof KeyframeEffect && (a.effect.target === el || el.contains(a.effect.target as Node) || (a.effect.target as Element | null)?.contains(el))).map((a) => a.finished)))
    await page.screenshot({ path: `${SHOTS}/polish-faq-delete-${label}.png` })
    // 取消 keeps the entry.
    await visible(page, 'admin-faq-delete-dialog-cancel').click()
    await expect(dialog).toHaveCount(0)
    await faqRow(page, question)
    // 删除 removes it.
    await (await faqRow(page, question)).locator('[data-testid="admin-faq-delete"]').click()
    await visible(page, 'admin-faq-delete-dialog-confirm').click()
    await expect(page.locator('.admin-faq').filter({ visible: true, hasText: question })).toHaveCount(0)
    const left = await request.get('/api/admin/helper', { headers: { Authorization: `Bearer ${op.login.token}` } })
    expect(((await left.json()) as { data: { question: string }[] }).data.map((e) => e.question)).not.toContain(question)
  })
}
