import { befriend, expect, menuAction, openChatWith, registerUsers, sendText, test, textRow, visible } from '../messaging/support'
import { quickAction, reactionChip } from './support'

test('a reaction appears for the other user live and toggles off again', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  await befriend(request, alice!, bob!)
  const a = await login(alice!)
  const b = await login(bob!)

  await openChatWith(a.page, bob!)
  await sendText(a.page, '周末去爬山吗')
  await openChatWith(b.page, alice!)
  await expect(textRow(b.page, '周末去爬山吗')).toBeVisible()

  // From the message menu (the spec's way in).
  await menuAction(b.page, textRow(b.page, '周末去爬山吗'), 'reaction')
  await visible(b.page, 'reaction-picker').locator('[data-reaction="[微笑]"]').click()
  await expect(reactionChip(b.page, '周末去爬山吗', '[微笑]')).toHaveAttribute('data-count', '1')
  await expect(reactionChip(b.page, '周末去爬山吗', '[微笑]')).toHaveClass(/msg-reaction--mine/)

  // Alice sees it without reloading, not marked as hers; her own reaction adds to the count.
  const onA = reactionChip(a.page, '周末去爬山吗', '[微笑]')
  await expect(onA).toHaveAttribute('data-count', '1')
  await expect(onA).not.toHaveClass(/msg-reaction--mine/)
  await onA.click()
  await expect(onA).toHaveAttribute('data-count', '2')
  await expect(reactionChip(b.page, '周末去爬山吗', '[微笑]')).toHaveAttribute('data-count', '2')

  await reactionChip(b.page, '周末去爬山吗', '[微笑]').click()
  await expect(onA).toHaveAttribute('data-count', '1')
  await expect(onA).toHaveClass(/msg-reaction--mine/)

  // The hover entry of a desktop row opens the same picker.
  await quickAction(textRow(a.page, '周末去爬山吗'), 'react')
  await visible(a.page, 'reaction-picker').locator('[data-reaction="[呲牙]"]').click()
  await expect(reactionChip(b.page, '周末去爬山吗', '[呲牙]')).toHaveAttribute('data-count', '1')
})
