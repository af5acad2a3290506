import { expectToast, inputByTestId } from '../support/ui'
import { chatPanel, createGroup, expect, openConversation, pngImage, registerUsers, test, visible } from '../messaging/support'
import { applyToJoin, memberTile, openPanel, panel, tipRow } from './support'

test('group notifications on contacts, the QR code, member search and removal, the panel on a phone', async ({ login, request }) => {
  test.setTimeout(180_000)
  const [owner, member, applicant] = await registerUsers(request, ['主人', '成员', '申请人'])
  const group = await createGroup(request, owner, [member], `摄影群${owner.phone.slice(-3)}`)
  const o = await login(owner)
  const m = await login(member)
  // The applicant uses a phone-sized window.
  const s = await login(applicant, { viewport: { width: 390, height: 844 } })

  await applyToJoin(s.page, group.groupNumber, '喜欢拍照')

  // The owner handles it from the group notifications of the contacts page.
  await expect(visible(o.page, 'badge-contacts')).toHaveText('1')
  await visible(o.page, 'nav-contacts').click()
  await expect(visible(o.page, 'group-notices-entry-badge')).toHaveText('1')
  await visible(o.page, 'group-notices-entry').click()
  const row = visible(o.page, 'group-notice-row').filter({ hasText: applicant.nickName })
  await expect(row).toContainText('喜欢拍照')
  await row.locator('[data-testid="group-notice-agree"]').click()
  await expect(row).toContainText('已同意')
  // Opening the list read it.
  await expect(visible(o.page, 'group-notices-entry-badge')).toHaveCount(0)
  await visible(o.page, 'group-notices-dialog').locator('.dialog__close').click()
  await visible(o.page, 'nav-messages').click()

  // The applicant sees the outcome under 我的申请.
  await expect(visible(s.page, 'badge-contacts')).toHaveText('1')
  await visible(s.page, 'nav-contacts').click()
  await visible(s.page, 'group-notices-entry').click()
  await visible(s.page, 'group-notices-tab-myApply').click()
  await expect(visible(s.page, 'group-notice-row').first()).toContainText('已同意')
  await visible(s.page, 'group-notices-dialog').locator('.dialog__close').click()
  await visible(s.page, 'nav-messages').click()

  // On a phone the group panel covers the whole width.
  await openConversation(s.page, group.conversationID)
  await openPanel(s.page)
  const box = await panel(s.page).boundingBox()
  expect(Math.round(box!.width)).toBe(390)
  // A work group lets members invite (inviteSwitch 0); removing is for admins only.
  await expect(visible(s.page, 'group-invite-slot')).toBeVisible()
  await expect(visible(s.page, 'group-remove-slot')).toHaveCount(0)

  // The QR code: 180 px, the group's join text, saved after a second.
  await openConversation(o.page, group.conversationID)
  await openPanel(o.page)
  await expect(visible(o.page, 'group-nickname-value')).toHaveText('未设置')
  await visible(o.page, 'group-qr-row').click()
  const qr = visible(o.page, 'group-qr-image')
  await expect(qr).toHaveAttribute('data-qr', `${new URL(o.page.url()).origin}/messages?joinGroup=${group.groupNumber}`)
  const qrBox = await qr.boundingBox()
  expect(Math.round(qrBox!.width)).toBe(180)
  const download = o.page.waitForEvent('download')
  await visible(o.page, 'group-qr-save').click()
  expect((await download).suggestedFilename()).toBe(`群二维码-${group.groupNumber}.png`)
  await expectToast(o.page, '保存成功')
  await visible(o.page, 'gpanel-back').click()

  // Own group nickname, the avatar and the join level.
  await visible(o.page, 'group-nickname-row').click()
  await inputByTestId(o.page, 'group-edit-nickname-input').fill('摄影老师')
  await visible(o.page, 'group-edit-nickname-save').click()
  await expect(visible(o.page, 'group-nickname-value')).toHaveText('摄影老师')
  await visible(o.page, 'group-avatar-row').click()
  const chooser = o.page.waitForEvent('filechooser')
  await visible(o.page, 'group-avatar-pick').click()
  await (await chooser).setFiles({ name: 'group.png', mimeType: 'image/png', buffer: pngImage(64, 64, [200, 80, 40], [255, 255, 255]) })
  await expectToast(o.page, '修改成功')
  await visible(o.page, 'gpanel-back').click()
  await expect(tipRow(s.page, '修改了群头像')).toBeVisible()
  await visible(o.page, 'group-manage-row').click()
  await visible(o.page, 'group-join-level-row').click()
  await visible(o.page, 'group-join-level-switch').click()
  await inputByTestId(o.page, 'group-join-level-input').fill('300')
  await visible(o.page, 'group-join-level-save').click()
  await expect(visible(o.page, 'group-join-level-error')).toHaveText('请输入1-200之间的整数')
  await inputByTestId(o.page, 'group-join-level-input').fill('5')
  await visible(o.page, 'group-join-level-save').click()
  await expect(visible(o.page, 'group-join-level-row')).toContainText('5级')
  await visible(o.page, 'gpanel-back').click()

  // Member search: someone not in the group is not found and the full list comes back.
  await inputByTestId(o.page, 'group-member-search').fill('不存在的人')
  await expect(visible(o.page, 'group-member-empty')).toHaveText('暂无搜索结果')
  await expectToast(o.page, '该用户不存在')
  await expect(inputByTestId(o.page, 'group-member-search')).toHaveValue('')
  await expect(memberTile(o.page, member.wtId)).toBeVisible()
  await inputByTestId(o.page, 'group-member-search').fill(applicant.nickName)
  await expect(visible(o.page, 'group-member')).toHaveCount(1)
  await inputByTestId(o.page, 'group-member-search').fill('')

  // The owner removes a member with the remove slot; the removed member sees why.
  await openConversation(m.page, group.conversationID)
  await visible(o.page, 'group-remove-slot').click()
  await o.page.locator(`[data-testid="group-select-item"][data-id="${member.wtId}"]`).filter({ visible: true }).click()
  await visible(o.page, 'group-select-submit').click()
  // Removing asks first, naming who leaves.
  await expect(visible(o.page, 'group-remove-dialog')).toContainText(`将「${member.nickName}」移出群聊？`)
  await visible(o.page, 'group-remove-dialog-confirm').click()
  await expectToast(o.page, '移除成功')
  await expect(memberTile(o.page, member.wtId)).toHaveCount(0)
  await expect(visible(m.page, 'leave-banner')).toContainText('您已被管理员移出群聊')
  await expect(chatPanel(m.page).locator('[data-testid="group-info-open"]')).toHaveCount(0)
})
