import { befriend, expect, menuAction, openChatWith, registerUsers, sendText, test, textRow, visible } from '../messaging/support'

test('a pinned message shows in the bar on both sides, jumps to the message, and unpins for both', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  await befriend(request, alice!, bob!)
  const a = await login(alice!)
  const b = await login(bob!)

  await openChatWith(a.page, bob!)
  await sendText(a.page, '会议室 3 楼 302')
  await sendText(a.page, '别迟到')
  await openChatWith(b.page, alice!)
  await expect(textRow(b.page, '别迟到')).toBeVisible()
  await expect(visible(b.page, 'pinned-bar')).toHaveCount(0)

  await menuAction(a.page, textRow(a.page, '会议室 3 楼 302'), 'pin')
  await expect(visible(a.page, 'pinned-bar')).toContainText('我：会议室 3 楼 302')
  // Socket type 3 makes Bob's bar follow at once.
  await expect(visible(b.page, 'pinned-bar')).toContainText(`${alice!.nickName}：会议室 3 楼 302`)

  await visible(b.page, 'pinned-bar-content').click()
  await expect(textRow(b.page, '会议室 3 楼 302')).toHaveClass(/msg-row--blink/)
  await expect(textRow(b.page, '会议室 3 楼 302')).not.toHaveClass(/msg-row--blink/, { timeout: 5000 })

  await visible(b.page, 'pinned-bar-unpin').click()
  await expect(visible(b.page, 'pinned-bar')).toHaveCount(0)
  await expect(visible(a.page, 'pinned-bar')).toHaveCount(0)
})
