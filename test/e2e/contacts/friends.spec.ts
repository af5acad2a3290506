import { expectToast, fillInput, inputByTestId } from '../support/ui'
import { befriend, conversationRow, expect, messageRows, openChatWith, pngImage, registerUsers, test, visible } from '../messaging/support'
import { contactRow, findUser, letterGroup, openContacts, openFriend, profileAction, profileCard, recordNotifications, shownNotifications } from './support'

test('search and request, notification and badge, accept, the list by letter, remark and tag, a name card sent and opened', async ({ login, request }) => {
  // 甲 → J, 乙 → Y, 丙 → B.
  const [alice, bob, carol] = await registerUsers(request, ['甲', '乙', '丙'])
  const a = await login(alice)
  const b = await login(bob, { beforeLogin: recordNotifications })

  // Alice finds Bob by phone and asks, with a reason.
  await openContacts(a.page)
  await findUser(a.page, bob.phone, bob)
  await expect(profileCard(a.page)).toHaveAttribute('data-friend', 'false')
  await profileCard(a.page).locator('[data-testid="profile-add"]').click()
  await expect(inputByTestId(a.page, 'apply-reason')).toHaveValue(`我是${alice.nickName}`)
  await fillInput(a.page, 'apply-reason', '一起打球')
  await visible(a.page, 'apply-send').click()
  await expectToast(a.page, '申请已发送')
  await expect(profileCard(a.page).locator('[data-testid="profile-applied"]')).toBeVisible()
  await visible(a.page, 'profile-popup-close').click()

  // Bob: the desktop notification and the contacts badge, live.
  await expect(visible(b.page, 'badge-contacts')).toHaveText('1')
  await expect.poll(() => shownNotifications(b.page)).toContainEqual({ title: '微谈', body: '你有新的好友申请' })
  await openContacts(b.page)
  await expect(visible(b.page, 'contacts-entry-applications-badge')).toHaveText('1')
  await visible(b.page, 'contacts-entry-applications').click()
  const row = b.page.locator(`[data-testid="apply-row"][data-id="${alice.wtId}"]`).filter({ visible: true })
  await expect(row.locator('[data-testid="apply-info"]')).toHaveText('一起打球')
  // Reading the list clears the badge.
  await expect(visible(b.page, 'badge-contacts')).toHaveCount(0)
  await row.locator('[data-testid="apply-accept"]').click()
  await expect(row.locator('[data-testid="apply-status"]')).toHaveText('已添加')

  // Both see each other under the right letter; Alice's list follows without a reload.
  await expect(letterGroup(b.page, 'J').locator(`[data-testid="contact-row"][data-id="${alice.wtId}"]`)).toBeVisible()
  await expect(letterGroup(a.page, 'Y').locator(`[data-testid="contact-row"][data-id="${bob.wtId}"]`)).toBeVisible()

  // Remark and a new tag from the card's menu.
  await openFriend(a.page, bob.wtId)
  await expect(profileCard(a.page)).toHaveAttribute('data-friend', 'true')
  await profileAction(a.page, 'remark')
  await fillInput(a.page, 'remark-input', '小乙')
  await fillInput(a.page, 'tag-new-input', '球友')
  await visible(a.page, 'tag-new-add').click()
  await visible(a.page, 'remark-tag-save').click()
  await expectToast(a.page, '修改成功')
  await expect(profileCard(a.page).locator('[data-testid="profile-name"]')).toHaveText('小乙')
  await expect(profileCard(a.page).locator('[data-testid="profile-tags"]')).toHaveText('球友')
  // The remark moves Bob under X (xiao), and the list search finds him by it.
  await expect(letterGroup(a.page, 'X').locator(`[data-testid="contact-row"][data-id="${bob.wtId}"]`)).toHaveText('小乙')
  await visible(a.page, 'contacts-entry-tags').click()
  await expect(a.page.locator('[data-testid="tag-item"][data-name="球友"]').filter({ visible: true })).toContainText('(1)')
  await fillInput(a.page, 'contacts-search', '小乙')
  await expect(contactRow(a.page, bob.wtId)).toBeVisible()
  await fillInput(a.page, 'contacts-search', '')

  // Alice recommends Carol (a friend of hers) to Bob as a name card.
  await befriend(request, alice, carol)
  await expect(contactRow(a.page, carol.wtId)).toBeVisible()
  await openFriend(a.page, carol.wtId)
  await profileAction(a.page, 'recommend')
  await expect(visible(a.page, 'picker-done')).toHaveClass(/btn--disabled/)
  await a.page.locator(`[data-testid="picker-item"][data-id="${bob.wtId}"]`).filter({ visible: true }).click()
  await visible(a.page, 'picker-done').click()
  await expectToast(a.page, '已推荐')

  // Bob opens the card from the chat, and can ask Carol from there.
  await visible(b.page, 'nav-messages').click()
  await conversationRow(b.page, `C2C${alice.wtId}`).click()
  const card = messageRows(b.page).locator(`[data-testid="msg-custom"][data-kind="nameCard"][data-user-id="${carol.wtId}"]`)
  await expect(card).toContainText(carol.nickName)
  await card.click()
  await expect(profileCard(b.page)).toHaveAttribute('data-id', carol.wtId)
  await profileCard(b.page).locator('[data-testid="profile-add"]').click()
  const shareCard = b.page.waitForRequest((r) => r.url().endsWith('/api/userFriends/apply'))
  await visible(b.page, 'apply-send').click()
  expect((await shareCard).postDataJSON()).toMatchObject({ applyWtId: carol.wtId, applySource: 4 })
  await expectToast(b.page, '申请已发送')
})

test('blacklist refuses messages until removed; a report with two images; deleting a friend clears the history', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  await befriend(request, alice, bob)
  const a = await login(alice)
  const b = await login(bob)

  // Some history first.
  await openChatWith(b.page, alice)
  const editor = b.page.locator('[data-testid="chat-editor"] textarea, textarea[data-testid="chat-editor"]').filter({ visible: true }).first()
  const send = async (text: string) => {
    await editor.fill(text)
    await editor.press('Enter')
  }
  const row = (text: string) => messageRows(b.page).filter({ hasText: text }).last()
  await send('拉黑之前')
  await expect(row('拉黑之前')).toHaveAttribute('data-status', 'success')

  // Alice blacklists Bob: his next message is refused.
  await openContacts(a.page)
  await openFriend(a.page, bob.wtId)
  await profileAction(a.page, 'black')
  await visible(a.page, 'black-confirm-confirm').click()
  await expectToast(a.page, '已拉黑对方')
  await expect(profileCard(a.page).locator('[data-testid="profile-blacklisted"]')).toBeVisible()
  await send('拉黑之后')
  await expect(row('拉黑之后')).toHaveAttribute('data-status', 'fail')

  // Out of the blacklist again: messages go through.
  await visible(a.page, 'contacts-entry-blacklist').click()
  await a.page.locator(`[data-testid="blacklist-row"][data-id="${bob.wtId}"] [data-testid="blacklist-remove"]`).filter({ visible: true }).click()
  await expectToast(a.page, '取消拉黑成功')
  await expect(visible(a.page, 'blacklist-empty')).toBeVisible()
  await send('移出之后')
  await expect(row('移出之后')).toHaveAttribute('data-status', 'success')

  // A report with a type, a description and two pictures.
  await openFriend(a.page, bob.wtId)
  await profileAction(a.page, 'report')
  const submit = visible(a.page, 'report-submit')
  await expect(submit).toHaveClass(/btn--disabled/)
  await a.page.locator('[data-testid="report-type"]').filter({ visible: true }).first().click()
  await a.page.locator('[data-testid="report-detail"] textarea, textarea[data-testid="report-detail"]').filter({ visible: true }).fill('发送骚扰信息')
  await expect(submit).toHaveClass(/btn--disabled/)
  // The form says why 提交 is still grey: the evidence picture the spec asks for.
  await expect(visible(a.page, 'report-missing')).toHaveText('请上传至少1张图片作为证据')
  const chooser = a.page.waitForEvent('filechooser')
  await visible(a.page, 'report-add-image').click()
  await (await chooser).setFiles([
    { name: '证据1.png', mimeType: 'image/png', buffer: pngImage(60, 40, [200, 40, 40], [250, 250, 250]) },
    { name: '证据2.png', mimeType: 'image/png', buffer: pngImage(40, 60, [40, 40, 200], [250, 250, 250]) },
  ])
  await expect(a.page.locator('[data-testid="report-image"][data-uploaded="true"]').filter({ visible: true })).toHaveCount(2)
  await expect(submit).not.toHaveClass(/btn--disabled/)
  await expect(visible(a.page, 'report-missing')).toHaveCount(0)
  const sent = a.page.waitForRequest((r) => r.url().endsWith('/api/complaint/add'))
  await submit.click()
  const body = (await sent).postDataJSON() as { complaintImage: string; targetId: string; type: number; complaintDetail: string }
  expect(body).toMatchObject({ targetId: bob.wtId, type: 0, complaintDetail: '发送骚扰信息' })
  expect(body.complaintImage.split(',')).toHaveLength(2)
  await expectToast(a.page, '感谢你的反馈，我们会尽快核实')

  // Deleting the friend asks first, then removes him, the conversation and its history.
  await visible(a.page, 'nav-messages').click()
  await expect(conversationRow(a.page, `C2C${bob.wtId}`)).toBeVisible()
  await openContacts(a.page)
  await openFriend(a.page, bob.wtId)
  await profileAction(a.page, 'delete')
  await visible(a.page, 'friend-delete-dialog-confirm').click()
  await expectToast(a.page, '删除好友成功')
  await expect(contactRow(a.page, bob.wtId)).toHaveCount(0)
  await visible(a.page, 'nav-messages').click()
  await expect(visible(a.page, 'conv-pane')).toBeVisible()
  await expect(conversationRow(a.page, `C2C${bob.wtId}`)).toHaveCount(0)
  // Opening the chat again shows an empty history.
  await openChatWith(a.page, bob)
  await expect(visible(a.page, 'chat-panel')).toBeVisible()
  await expect(messageRows(a.page)).toHaveCount(0)
})

test.describe('on a phone-sized screen', () => {
  test('the friend list is the page; a friend opens over it with a back button', async ({ login, request }) => {
    const [alice, bob] = await registerUsers(request, ['甲', '乙'])
    await befriend(request, alice, bob)
    const a = await login(alice, { viewport: { width: 390, height: 780 } })
    await openContacts(a.page)
    await expect(visible(a.page, 'contact-detail')).toHaveCount(0)
    await openFriend(a.page, bob.wtId)
    await expect(visible(a.page, 'contact-detail')).toHaveAttribute('data-view', 'friend')
    await expect(profileCard(a.page).locator('[data-testid="profile-send-message"]')).toBeVisible()
    await visible(a.page, 'contact-detail-back').click()
    await expect(visible(a.page, 'contact-detail')).toHaveCount(0)
    await expect(contactRow(a.page, bob.wtId)).toBeVisible()
    // 发消息 goes to the chat with that conversation open.
    await openFriend(a.page, bob.wtId)
    await profileCard(a.page).locator('[data-testid="profile-send-message"]').click()
    await expect(visible(a.page, 'chat-header-name')).toHaveText(bob.nickName)
  })
})

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`＋ → 添加好友/群 on 消息 opens the add-friend search at once (${label})`, async ({ login, request }) => {
    const [alice, bob] = await registerUsers(request, ['甲', '乙'])
    const a = await login(alice, { viewport })
    await visible(a.page, 'conv-plus').click()
    await visible(a.page, 'menu-add-friend').click()
    await expect(visible(a.page, 'contact-detail')).toHaveAttribute('data-view', 'add')
    await expect(inputByTestId(a.page, 'add-search')).toBeVisible()
    await a.page.screenshot({ path: `test-results/e2e/contacts/plus-add-friend-${label}.png` })
    await fillInput(a.page, 'add-search', bob.wtId)
    await visible(a.page, 'add-search-submit').click()
    await expect(a.page.locator(`[data-testid="add-result-user"][data-id="${bob.wtId}"]`).filter({ visible: true })).toBeVisible()
  })
}

/** QA: 群通知 had a bare outline icon among the coloured squares of the other contacts entries. */
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the 群通知 entry has a coloured square icon like the other entries (${label})`, async ({ login, request }) => {
    const [alice] = await registerUsers(request, ['图标'])
    const a = await login(alice!, { viewport })
    await openContacts(a.page)
    const entryIcon = (testId: string) => visible(a.page, testId).locator('img').first()
    const notices = entryIcon('group-notices-entry')
    await expect(notices).toBeVisible()
    await expect.poll(() => notices.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    for (const other of ['contacts-entry-applications', 'contacts-entry-groups', 'contacts-entry-tags']) {
      const [mine, theirs] = [(await notices.boundingBox())!, (await entryIcon(other).boundingBox())!]
      expect(Math.abs(mine.width - theirs.width)).toBeLessThan(1)
      expect(Math.abs(mine.x - theirs.x)).toBeLessThan(1)
    }
    // The square is filled: points just inside its edges are opaque and of a strong colour.
    const edgePixels = await notices.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas')
      canvas.width = canvas.height = 36
      const ctx = canvas.getContext('2d')!
      ctx.drawImage(img, 0, 0, 36, 36)
      return [[3, 18], [32, 18], [18, 3]].map(([x, y]) => Array.from(ctx.getImageData(x!, y!, 1, 1).data))
    })
    for (const [r, g, b, alpha] of edgePixels) {
      expect(alpha).toBe(255)
      expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!)).toBeGreaterThan(60)
    }
    await a.page.screenshot({ path: `test-results/e2e/contacts/group-notices-icon-${label}.png` })
  })
}
