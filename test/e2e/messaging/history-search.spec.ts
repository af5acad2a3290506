import { fillInput } from '../support/ui'
import { conversationRow, createGroup, expect, registerUsers, test, textRow, visible } from './support'

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]
const SHOTS = 'test-results/e2e/messaging'

for (const { name, viewport } of VIEWPORTS) {
  test(`the conversation search finds chat history as a third section (${name}); groups of one name are told apart`, async ({ device, login, request }) => {
    test.setTimeout(120_000)
    const [alice, bob, carol] = await registerUsers(request, ['甲', '乙', '丙'])
    const first = await createGroup(request, alice, [bob, carol], '周末爬山')
    const second = await createGroup(request, alice, [bob], '周末爬山')
    const bobs = device(bob)
    const word = `暗号${Date.now() % 100000}`
    await bobs.sendText(first.conversationID, `集合地点是东门 ${word}`)
    await bobs.sendText(second.conversationID, `别忘了带水 ${word}`)
    await bobs.sendText(`C2C${alice.wtId}`, `私下说一句 ${word}`)
    // A system line (a group event written as a custom message) is found by its text.
    await bobs.send(first.conversationID, 'TIMCustomElem', {
      data: JSON.stringify({ type: 'GroupCustomMsg', content: `把群公告改成了${word}`, operatorUser: { userId: bob.wtId, nickName: bob.nickName } }),
    })

    const a = await login(alice, { viewport })
    await expect(conversationRow(a.page, `C2C${bob.wtId}`)).toBeVisible()
    // Two groups of one name: the list says which is which on hover.
    await expect(conversationRow(a.page, first.conversationID).locator('.conv-row__name')).toHaveAttribute('title', `周末爬山（群号 ${first.groupNumber}）`)
    await expect(conversationRow(a.page, second.conversationID).locator('.conv-row__name')).toHaveAttribute('title', `周末爬山（群号 ${second.groupNumber}）`)

    await fillInput(a.page, 'conv-search', word)
    const hits = a.page.locator('[data-testid="search-result-message"]').filter({ visible: true })
    await expect(hits).toHaveCount(4)
    const results = visible(a.page, 'search-results')
    await expect(results.locator('.conv-results__title')).toHaveText(['聊天记录'])
    await expect(results).not.toContainText('[自定义消息]')
    await expect(hits.filter({ hasText: `${bob.nickName}把群公告改成了${word}` })).toHaveCount(1)
    const inFirst = hits.and(a.page.locator(`[data-conversation="${first.conversationID}"]`))
    await expect(inFirst).toHaveCount(2)
    await expect(inFirst.first()).toHaveAttribute('title', `周末爬山（群号 ${first.groupNumber}）`)
    await a.page.screenshot({ path: `${SHOTS}/history-search-${name}.png` })

    // The group's name finds the groups too, each with its number.
    await fillInput(a.page, 'conv-search', '周末爬山')
    const groups = a.page.locator('[data-testid="search-result-group"]').filter({ visible: true })
    await expect(groups).toHaveCount(2)
    await expect(groups.filter({ hasText: `群号 ${first.groupNumber}` })).toHaveCount(1)
    await expect(groups.filter({ hasText: `群号 ${second.groupNumber}` })).toHaveCount(1)

    // A hit opens its chat at the message.
    await fillInput(a.page, 'conv-search', word)
    await hits.filter({ hasText: '别忘了带水' }).click()
    await expect(visible(a.page, 'chat-panel')).toHaveAttribute('data-conversation', second.conversationID)
    const row = textRow(a.page, `别忘了带水 ${word}`)
    await expect(row).toBeInViewport()
    await expect(row).toHaveAttribute('data-highlight', 'true')
  })
}
