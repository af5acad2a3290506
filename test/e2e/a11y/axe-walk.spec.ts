import { type Page } from '@playwright/test'
import { befriend, expect, openChatWith, registerUsers, sendText, test, textRow, visible } from '../messaging/support'
import { byTestId, clickTestId } from '../support/ui'
import { expectAccessible, SIZES } from './support'

/** Opens a pop-up by test id, checks it, and closes it with Escape. */
async function checkPopup(page: Page, opener: string, shown: string, screen: string): Promise<void> {
  await clickTestId(page, opener)
  await expect(byTestId(page, shown)).toBeVisible()
  await expectAccessible(page, screen)
  await page.keyboard.press('Escape')
  await expect(byTestId(page, shown)).toHaveCount(0)
}

for (const size of SIZES) {
  test.describe(`${size.name} ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport })

    test('the guest pages have no serious or critical axe findings', async ({ page }) => {
      await page.goto('/login')
      await expect(byTestId(page, 'login-submit')).toBeVisible()
      await expectAccessible(page, '登录')
      await clickTestId(page, 'login-tab-register')
      await expectAccessible(page, '注册')
      await page.goto('/')
      await expect(page.locator('body')).not.toBeEmpty()
      await expectAccessible(page, '首页')
    })

    test('the main screens, dialogs and panels have no serious or critical axe findings', async ({ login, request }) => {
      test.setTimeout(150_000)
      const [a, b] = await registerUsers(request, ['无障碍', '朋友'])
      await befriend(request, a!, b!)
      const { page } = await login(a!, { viewport: size.viewport })
      await expectAccessible(page, '消息列表')
      await openChatWith(page, b!)
      await sendText(page, '你好，无障碍检查')
      await expectAccessible(page, '聊天')
      // The input area's pop-ups and the message menu.
      await checkPopup(page, 'tool-emoji', 'emoji-picker', '表情')
      if (size.viewport.width > 600) {
        for (const [tool, panel] of [['tool-favorite', 'fav-panel'], ['tool-phrase', 'phrase-panel']] as const) await checkPopup(page, tool, panel, panel)
      } else {
        await checkPopup(page, 'input-more', 'plus-panel', '更多功能')
      }
      await textRow(page, '你好，无障碍检查').locator('[data-testid="msg-bubble"]').click({ button: 'right' })
      await expect(byTestId(page, 'msg-menu')).toBeVisible()
      await expectAccessible(page, '消息菜单')
      await page.keyboard.press('Escape')
      await expect(byTestId(page, 'msg-menu')).toHaveCount(0)
      // The multi-select bar, opened from the message menu.
      await textRow(page, '你好，无障碍检查').locator('[data-testid="msg-bubble"]').click({ button: 'right' })
      await clickTestId(page, 'msg-menu-multiSelect')
      await expect(byTestId(page, 'multi-panel')).toBeVisible()
      await expectAccessible(page, '多选')
      await clickTestId(page, 'multi-cancel')
      await expect(byTestId(page, 'multi-panel')).toHaveCount(0)
      if (size.viewport.width > 600) {
        await checkPopup(page, 'conv-plus', 'menu-create-group', '发起菜单')
        await clickTestId(page, 'settings-button')
        await expect(byTestId(page, 'settings-security')).toBeVisible()
        await expectAccessible(page, '设置菜单')
        await checkPopup(page, 'settings-security', 'security-dialog', '安全设置')
      }
      for (const section of ['contacts', 'favorites', 'moments', 'member'] as const) {
        await page.goto(`/${section}`)
        await expect(visible(page, `nav-${section}`).first()).toBeVisible()
        await expectAccessible(page, section)
      }
    })
  })
}
