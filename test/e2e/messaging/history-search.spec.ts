import { apiPost } from '../support/accounts'
import { fillInput } from '../support/ui'
import { befriend, conversationRow, createGroup, expect, registerUsers, test, textRow, visible } from './support'

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]
const SHOTS = 'test-results/e2e/messaging'

for (const { name, viewport } of VIEWPORTS) {
  test(`the search box shows every section with 查看更多, highlights the words and opens results by mouse and keyboard (${name})`, async ({ device, login, request }) => {
    test.setTimeout(150_000)
    const [alice, bob, carol, dave] = await registerUsers(request, ['甲', '乙', '丙', '丁'])
    await befriend(request, alice, bob)
    const first = await createGroup(request, alice, [bob, carol], '周末爬山')
    const second = await createGroup(request, alice, [bob], '周末爬山')
    const word = `暗号${Date.now() % 100000}`
    const bobs = device(bob)
    await bobs.sendText(first.conversationID, `集合地点是东门 ${word}`)
    await bobs.sendText(second.conversationID, `别忘了带水 ${word}`)
    await bobs.sendText(`C2C${alice.wtId}`, `私下说一句 ${word}`)
    await device(carol).sendText(first.conversationID, `我也去 ${word}`)
    await device(dave).sendText(`C2C${alice.wtId}`, `陌生人打招呼 ${word}`)
    // A system line (a group event written as a custom message) is found by its text.
    await bobs.send(first.conversationID, 'TIMCustomElem', {
      data: JSON.stringify({ type: 'GroupCustomMsg', content: `把群公告改成了${word}`, operatorUser: { userId: bob.wtId, nickName: bob.nickName } }),
    })
    const moment = await apiPost(request, '/api/user/friendsCircle/add', { content: `爬山照片 ${word}` }, bob.login.token)
    expect(moment.code, moment.msg).toBe(200)
    const fav = await apiPost(request, '/api/user/collection/add', { contentType: 1, collectTitle: `收藏的${word}` }, alice.login.token)
    expect(fav.code, fav.msg).toBe(200)

    const a = await login(alice, { viewport })
    await expect(conversationRow(a.page, first.conversationID)).toBeVisible()
    await fillInput(a.page, 'conv-search', word)
    const results = visible(a.page, 'search-results')
    await expect(results.locator('.conv-results__title')).toHaveText(['聊天记录', '收藏', '朋友圈'])
    const convs = results.locator('[data-testid="search-result-conversation"]')
    // Four conversations hold the word: three are shown, the fourth behind 查看更多.
    await expect(convs).toHaveCount(3)
    await expect(convs.first()).toHaveAttribute('data-conversation', first.conversationID)
    await expect(convs.first()).toContainText('3条相关的聊天记录')
    await expect(results).not.toContainText('[自定义消息]')
    await expect(results.locator('[data-testid="search-result-moment"]')).toContainText(`爬山照片 ${word}`)
    await expect(results.locator('[data-testid="search-result-favorite"]')).toContainText(`收藏的${word}`)
    // The word is highlighted in every line that shows it.
    await expect(results.locator('[data-testid="search-hl"]').first()).toHaveText(word)
    await expect(results.locator('[data-testid="search-result-moment"] [data-testid="search-hl"]')).toHaveText(word)
    await a.page.screenshot({ path: `${SHOTS}/search-box-${name}.png` })

    await results.locator('[data-testid="search-more-messages"]').click()
    await expect(results).toHaveAttribute('data-view', 'section')
    await expect(convs).toHaveCount(4)
    await a.page.screenshot({ path: `${SHOTS}/search-box-more-${name}.png` })
    await results.locator('[data-testid="search-back"]').click()
    await expect(convs).toHaveCount(3)

    // Keyboard: Down to the first group's line, Enter opens its matches, Escape goes back.
    await a.page.keyboard.press('ArrowDown')
    await expect(convs.first()).toHaveAttribute('aria-selected', 'true')
    await a.page.keyboard.press('Enter')
    const hits = results.locator('[data-testid="search-result-message"]')
    await expect(hits).toHaveCount(3)
    await expect(hits.filter({ hasText: `${bob.nickName}把群公告改成了${word}` })).toHaveCount(1)
    await a.page.screenshot({ path: `${SHOTS}/search-box-conversation-${name}.png` })
    await a.page.keyboard.press('Escape')
    await expect(results).toHaveAttribute('data-view', 'all')

    // The group's name finds both groups, told apart by number, the name highlighted.
    await fillInput(a.page, 'conv-search', '周末爬山')
    const groups = a.page.locator('[data-testid="search-result-group"]').filter({ visible: true })
    await expect(groups).toHaveCount(2)
    await expect(groups.filter({ hasText: `群号 ${first.groupNumber}` })).toHaveCount(1)
    await expect(groups.first().locator('[data-testid="search-hl"]')).toHaveText('周末爬山')

    // A conversation with one match opens its chat at the message.
    await fillInput(a.page, 'conv-search', word)
    await convs.filter({ hasText: '私下说一句' }).click()
    await expect(visible(a.page, 'chat-panel')).toHaveAttribute('data-conversation', `C2C${bob.wtId}`)
    const row = textRow(a.page, `私下说一句 ${word}`)
    await expect(row).toBeInViewport()
    await expect(row).toHaveAttribute('data-highlight', 'true')
    // The message takes the focus, so a screen reader reads where the jump went.
    await expect(row.locator('xpath=ancestor::*[@role="listitem"][1]')).toBeFocused()

    // A match inside a card's data, not in its summary, shows the words that matched.
    const inCard = `口令${Date.now() % 100000}`
    await bobs.send(`C2C${alice.wtId}`, 'TIMCustomElem', { data: JSON.stringify({ businessID: 'order', title: '登山杖两根', description: `给${inCard}用` }) })
    await fillInput(a.page, 'conv-search', inCard)
    const card = convs.filter({ hasText: '[订单]' })
    await expect(card).toContainText(`[订单] 给${inCard}用`)
    await expect(card.locator('[data-testid="search-hl"]')).toHaveText(inCard)
    // Escape in the box ends the search, and the box keeps the focus.
    await a.page.keyboard.press('Escape')
    await expect(a.page.locator('[data-testid="search-results"]').filter({ visible: true })).toHaveCount(0)
    await expect(conversationRow(a.page, first.conversationID)).toBeVisible()
    await expect(a.page.locator('input[placeholder="搜索"]').filter({ visible: true })).toBeFocused()
  })
}
