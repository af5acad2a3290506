import { expect, test } from '@playwright/test'
import { befriend, closeAll, openChatWith, registerUsers, sendText, signIn, textRow, visible, type Session } from '../messaging/support'
import { menuAction } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

test('a pinned message shows in the bar on both sides, jumps to the message, and unpins for both', async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  await befriend(request, alice!, bob!)
  const a = await signIn(browser, alice!)
  const b = await signIn(browser, bob!)
  sessions = [a, b]

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
