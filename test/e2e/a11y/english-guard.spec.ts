import { befriend, expect, openChatWith, registerUsers, sendText, test, visible } from '../messaging/support'
import { byTestId, clickTestId } from '../support/ui'
import { SIZES, visibleLatinWords } from './support'

for (const size of SIZES) {
  test(`no English words on the main screens at ${size.viewport.width}x${size.viewport.height}`, async ({ browser, login, request }) => {
    // Three guest screens and seven of the app's, on a machine shared with other runs.
    test.setTimeout(150_000)
    const found: string[] = []
    const note = async (screen: string, words: Promise<string[]>) => {
      for (const w of await words) found.push(`${screen}: ${w}`)
    }

    const guest = await browser.newPage({ viewport: size.viewport })
    await guest.goto('/login')
    await expect(byTestId(guest, 'login-submit')).toBeVisible()
    await note('登录', visibleLatinWords(guest))
    await clickTestId(guest, 'login-tab-register')
    await note('注册', visibleLatinWords(guest))
    await guest.goto('/')
    await expect(guest.locator('body')).not.toBeEmpty()
    await note('首页', visibleLatinWords(guest))
    await guest.close()

    const [a, b] = await registerUsers(request, ['英文检查', '朋友'])
    await befriend(request, a!, b!)
    const { page } = await login(a!, { viewport: size.viewport })
    await note('消息列表', visibleLatinWords(page))
    await clickTestId(page, 'settings-button')
    await expect(visible(page, 'settings-security')).toBeVisible()
    await note('设置菜单', visibleLatinWords(page))
    await page.keyboard.press('Escape')
    await openChatWith(page, b!)
    await sendText(page, 'hello 你好')
    await note('聊天', visibleLatinWords(page))
    for (const section of ['contacts', 'favorites', 'moments', 'member'] as const) {
      await page.goto(`/${section}`)
      await expect(visible(page, `nav-${section}`).first()).toBeVisible()
      await note(section, visibleLatinWords(page))
    }
    expect(found).toEqual([])
  })
}
