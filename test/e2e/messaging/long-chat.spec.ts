import { randomUUID } from 'node:crypto'
import { expect, messageRows, openChatWith, registerUsers, sendText, test, textRow, visible, type ChatUser } from './support'

/** Messages held after paging (src/stores/chat/messageWindow.ts MESSAGE_WINDOW). */
const WINDOW = 200
const FILLERS = 260

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]

/** Bob's side of a long chat: the first message, 260 more, then one quoting the first. */
async function longChat(device: { sendText: (id: string, text: string, extra?: { clientMsgId?: string; cloudCustomData?: string }) => Promise<number>; sendTexts: (id: string, texts: string[]) => Promise<number[]> }, alice: ChatUser, bob: ChatUser, first: string) {
  const conversationID = `C2C${alice.wtId}`
  const clientMsgId = randomUUID()
  await device.sendText(conversationID, first, { clientMsgId })
  await device.sendTexts(conversationID, Array.from({ length: FILLERS }, (_, i) => `长聊天${i + 1}`))
  const reply = { messageID: `${bob.wtId}-${clientMsgId}`, messageType: 'TIMTextElem', messageSender: bob.nickName, messageAbstract: first }
  await device.sendText(conversationID, '回到最早那句', { cloudCustomData: JSON.stringify({ messageReply: reply }) })
}

for (const { name, viewport } of VIEWPORTS) {
  test(`a long chat (${name}): a quote jumps to a message far back, the window stays bounded, and the newest come back`, async ({ device, login, request }) => {
    test.setTimeout(180_000)
    const [alice, bob] = await registerUsers(request, ['甲', '乙'])
    await longChat(device(bob), alice, bob, '很久以前的那句')
    const a = await login(alice, { viewport })
    await openChatWith(a.page, bob)
    await expect(textRow(a.page, '回到最早那句')).toBeVisible()
    await expect(textRow(a.page, '很久以前的那句')).toHaveCount(0)

    // The original is 261 messages back, beyond what is held: it is found by its sequence.
    await textRow(a.page, '回到最早那句').locator('[data-testid="msg-quote"]').click()
    const original = textRow(a.page, '很久以前的那句')
    await expect(original).toHaveAttribute('data-highlight', 'true')
    await expect(original).toBeInViewport()
    // The page around it took the window's place: the newest message is no longer held.
    await expect(textRow(a.page, '回到最早那句')).toHaveCount(0)
    expect(await messageRows(a.page).count()).toBeLessThanOrEqual(WINDOW)

    // Scrolling down from there loads the following pages by sequence, in order.
    await a.page.locator('#chat-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight))
    await expect(textRow(a.page, '长聊天40')).toHaveCount(1, { timeout: 15_000 })

    // Back to the newest: the button is there while the window is in the past.
    await visible(a.page, 'scroll-latest').click()
    await expect(textRow(a.page, '回到最早那句')).toBeInViewport()
    await expect(textRow(a.page, '很久以前的那句')).toHaveCount(0)

    // Paging back past the window drops the newest pages and keeps the rows bounded.
    for (let i = 0; i < 12; i++) {
      const more = visible(a.page, 'chat-view-more')
      await more.scrollIntoViewIfNeeded()
      await more.click()
      await expect(visible(a.page, 'chat-view-more').or(a.page.locator('[data-testid="chat-loading"]'))).toBeAttached()
      await expect(a.page.locator('.chat-list__more--loading').filter({ visible: true })).toHaveCount(0)
    }
    expect(await messageRows(a.page).count()).toBeLessThanOrEqual(WINDOW)
    await expect(textRow(a.page, '回到最早那句')).toHaveCount(0)

    // A message sent from there goes below the newest ones.
    await sendText(a.page, '我回来了')
    await expect(textRow(a.page, '回到最早那句')).toHaveCount(1)
    await expect(textRow(a.page, '我回来了')).toBeInViewport()
  })
}
