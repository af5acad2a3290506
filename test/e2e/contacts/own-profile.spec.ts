import { expectToast, fillInput, inputByTestId } from '../support/ui'
import { befriend, expect, pngImage, registerUsers, test, visible } from '../messaging/support'
import { openContacts, openFriend, profileCard } from './support'

test('the signed-in user edits their nickname, signature and avatar; a friend sees them', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['改名前', '看资料'])
  await befriend(request, alice, bob)
  const a = await login(alice)

  await visible(a.page, 'shell-profile').click()
  await expect(visible(a.page, 'me-dialog')).toBeVisible()
  await expect(visible(a.page, 'me-wtid')).toHaveText(alice.wtId)
  await expect(inputByTestId(a.page, 'me-nickname')).toHaveValue(alice.nickName)

  // An empty nickname is refused in the schema's words and nothing is saved.
  await fillInput(a.page, 'me-nickname', '   ')
  await visible(a.page, 'me-save').click()
  await expect(visible(a.page, 'me-error')).toHaveText('请输入昵称')

  await fillInput(a.page, 'me-nickname', '新的昵称')
  await fillInput(a.page, 'me-bio', '今天也要开心')
  const chooser = a.page.waitForEvent('filechooser')
  await visible(a.page, 'me-avatar-pick').click()
  await (await chooser).setFiles({ name: 'face.png', mimeType: 'image/png', buffer: pngImage(64, 64, [250, 80, 80], [255, 255, 255]) })
  await expectToast(a.page, '上传成功')
  await visible(a.page, 'me-save').click()
  await expectToast(a.page, '修改成功')
  await expect(visible(a.page, 'me-dialog')).toHaveCount(0)
  await expect(visible(a.page, 'shell-nickname')).toHaveText('新的昵称')
  const avatarSrc = () => visible(a.page, 'shell-avatar').locator('img').getAttribute('src')
  await expect.poll(avatarSrc).toContain('/api/oss/file/')

  // Kept across a reload, and the dialog opens with the saved values.
  await a.page.reload()
  await expect(visible(a.page, 'shell-nickname')).toHaveText('新的昵称')
  await visible(a.page, 'shell-profile').click()
  await expect(inputByTestId(a.page, 'me-bio')).toHaveValue('今天也要开心')
  await visible(a.page, 'me-close').click()

  // A friend reads the new name and signature on the card.
  const b = await login(bob)
  await openContacts(b.page)
  await openFriend(b.page, alice.wtId)
  await expect(profileCard(b.page)).toContainText('新的昵称')
  await expect(profileCard(b.page)).toContainText('今天也要开心')
})

test('on a phone the header opens the same dialog, fitting the screen', async ({ login, request }) => {
  const [carol] = await registerUsers(request, ['手机用户'])
  const c = await login(carol, { viewport: { width: 390, height: 844 } })
  await visible(c.page, 'shell-profile').click()
  const dialog = visible(c.page, 'me-dialog')
  await expect(dialog).toBeVisible()
  const box = (await dialog.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  await expect(visible(c.page, 'me-save')).toBeInViewport()
  await fillInput(c.page, 'me-bio', '在路上')
  await visible(c.page, 'me-save').click()
  await expectToast(c.page, '修改成功')
})
