import type { APIRequestContext, Page } from '@playwright/test'
import { contactRow, openContacts, openFriend, profileAction, profileCard } from '../contacts/support'
import { memberTile, openPanel } from '../groups/support'
import { befriend, chatPanel, conversationRow, createGroup, expect, openChatWith, openConversation, registerUsers, test, visible, type ChatUser, type ProtocolSender } from '../messaging/support'
import { expectToast } from '../support/ui'

/**
 * A new-user trial on a phone: the chat's back arrow did nothing when the chat had been opened
 * by 发消息 on a contact's card, or was open while the window narrowed from desktop width; the
 * user was stuck in a full-screen chat without the tab bar. The page router took the pop out of
 * the chat's history entry for a page change and loaded /messages again from an address naming
 * the chat, which opened it again. The same reload reopened a deleted friend's chat, and the
 * server listed the empty conversation again.
 */
const PHONE = { width: 390, height: 844 }
const SHOTS = 'test-results/e2e/regressions'

const tabBar = (page: Page) => visible(page, 'tabbar')

/** Two friends; the peer has written `text` to the user. */
async function friendsWhoTalked(request: APIRequestContext, device: (u: ChatUser) => ProtocolSender, nicks: [string, string], text: string) {
  const [me, peer] = await registerUsers(request, nicks)
  await befriend(request, me!, peer!)
  await device(peer!).sendText(`C2C${me!.wtId}`, text)
  return { me: me!, peer: peer! }
}

/** The chat's ‹ arrow closes it for good: nothing opens it again a moment later. */
async function backArrowClosesChat(page: Page): Promise<void> {
  await visible(page, 'chat-back').click()
  await expect(chatPanel(page)).toHaveCount(0)
  await page.waitForTimeout(500)
  await expect(chatPanel(page)).toHaveCount(0)
}

/** 发消息 on a group member's card, from the open group chat. */
async function messageMember(page: Page, member: { wtId: string; nickName: string }): Promise<void> {
  await openPanel(page)
  await memberTile(page, member.wtId).click()
  await visible(page, 'group-member-message').click()
  await expect(visible(page, 'chat-header-name')).toHaveText(member.nickName)
}

test('phone: the chat opened by 发消息 on a contact’s card goes back to the card, then to the contacts list', async ({ request, login }) => {
  const [me, peer] = await registerUsers(request, ['返回者', '联系人'])
  await befriend(request, me!, peer!)
  const { page } = await login(me!, { viewport: PHONE })
  await openContacts(page)
  await openFriend(page, peer!.wtId)
  await profileCard(page).locator('[data-testid="profile-send-message"]').click()
  await expect(visible(page, 'chat-header-name')).toHaveText(peer!.nickName)
  await page.screenshot({ path: `${SHOTS}/phone-chat-from-card.png` })

  await visible(page, 'chat-back').click()
  await expect(chatPanel(page)).toHaveCount(0)
  await expect(profileCard(page)).toHaveAttribute('data-id', peer!.wtId)
  await expect.poll(() => new URL(page.url()).pathname).toBe('/contacts')
  await page.screenshot({ path: `${SHOTS}/phone-back-to-card.png` })

  // The browser's back button from the chat does the same.
  await profileCard(page).locator('[data-testid="profile-send-message"]').click()
  await expect(chatPanel(page)).toBeVisible()
  await page.goBack()
  await expect(chatPanel(page)).toHaveCount(0)
  await expect(profileCard(page)).toHaveAttribute('data-id', peer!.wtId)

  // And from the card to the contacts list, with the tab bar.
  await page.goBack()
  await expect(visible(page, 'contact-detail')).toHaveCount(0)
  await expect(contactRow(page, peer!.wtId)).toBeVisible()
  await expect(tabBar(page)).toBeVisible()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/contacts')
})

test('phone: a chat opened from an address naming it goes back to the conversation list', async ({ request, login, device }) => {
  const { me, peer } = await friendsWhoTalked(request, device, ['地址', '对方'], '链接打开')
  const { page } = await login(me!, { viewport: PHONE })
  await page.goto(`/messages?conversationID=C2C${peer!.wtId}`)
  await expect(visible(page, 'chat-header-name')).toHaveText(peer!.nickName)

  await backArrowClosesChat(page)
  await expect(conversationRow(page, `C2C${peer!.wtId}`)).toBeVisible()
  await expect(tabBar(page)).toBeVisible()
  await expect.poll(() => new URL(page.url()).searchParams.get('conversationID')).toBeNull()
})

test('a chat open while the window narrows to phone width backs out to the list', async ({ request, login, device }) => {
  const { me, peer } = await friendsWhoTalked(request, device, ['变窄', '对方'], '你好')
  const { page } = await login(me!)
  await openChatWith(page, peer!)
  await page.setViewportSize(PHONE)
  await backArrowClosesChat(page)
  await expect(conversationRow(page, `C2C${peer!.wtId}`)).toBeVisible()
  await expect(tabBar(page)).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/phone-narrowed-back-to-list.png` })
})

test('phone: 发消息 on a group member’s card opens that chat, and its back arrow returns to the list', async ({ request, login }) => {
  const [owner, member] = await registerUsers(request, ['群主', '成员'])
  const group = await createGroup(request, owner!, [member!], `回退群${owner!.phone.slice(-3)}`)
  const { page } = await login(owner!, { viewport: PHONE })
  await openConversation(page, group.conversationID)
  await messageMember(page, member!)
  await backArrowClosesChat(page)
  await expect(visible(page, 'conv-pane')).toBeVisible()
  await expect(tabBar(page)).toBeVisible()
})

test('phone: a group opened from 通讯录 → 群聊, then 发消息 on a member’s card: the back arrow returns to 群聊', async ({ request, login }) => {
  const [owner, member] = await registerUsers(request, ['群主', '成员'])
  const group = await createGroup(request, owner!, [member!], `通讯录群${owner!.phone.slice(-3)}`)
  const { page } = await login(owner!, { viewport: PHONE })
  await openContacts(page)
  await visible(page, 'contacts-entry-groups').click()
  await page.locator('[data-testid="group-row"]').filter({ visible: true }).filter({ hasText: group.name }).click()
  await expect(chatPanel(page)).toHaveAttribute('data-conversation', group.conversationID)
  await messageMember(page, member!)
  await backArrowClosesChat(page)
  await expect(visible(page, 'my-groups')).toBeVisible()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/contacts')
})

test('phone: after 删除好友 from the chat the chat closes and the conversation stays gone, here and on another device', async ({ request, login, device }) => {
  const { me, peer } = await friendsWhoTalked(request, device, ['删除', '王五'], '早上好')
  const { page } = await login(me!, { viewport: PHONE })
  // Opened as in the trial: 通讯录 → the contact → 发消息, then the profile from the chat.
  await openContacts(page)
  await openFriend(page, peer!.wtId)
  await profileCard(page).locator('[data-testid="profile-send-message"]').click()
  await expect(visible(page, 'chat-header-name')).toHaveText(peer!.nickName)
  await chatPanel(page).locator('[data-testid="msg-avatar"]').first().click()
  await profileAction(page, 'delete')
  await visible(page, 'friend-delete-dialog-confirm').click()
  await expectToast(page, '删除好友成功')
  await expect(chatPanel(page)).toHaveCount(0)
  await expect(visible(page, 'profile-popup')).toHaveCount(0)
  await expect(visible(page, 'conv-pane')).toBeVisible()
  await expect(tabBar(page)).toBeVisible()
  await page.waitForTimeout(500)
  await expect(conversationRow(page, `C2C${peer!.wtId}`)).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/phone-after-delete-friend.png` })
  // A chat opened from the list now backs out to the list, not to the contacts page underneath.
  await openChatWith(page, peer!)
  await visible(page, 'chat-back').click()
  await expect(chatPanel(page)).toHaveCount(0)
  await expect(visible(page, 'conv-pane')).toBeVisible()
  const listed = await request.get('/api/im/conversations', { headers: { Authorization: `Bearer ${me!.login.token}` } })
  const ids = ((await listed.json()) as { data: Array<{ conversationID: string }> }).data.map((c) => c.conversationID)
  expect(ids).not.toContain(`C2C${peer!.wtId}`)

  const other = await login(me!, { viewport: PHONE })
  await expect(visible(other.page, 'conv-pane')).toBeVisible()
  await other.page.reload()
  await expect(visible(other.page, 'conv-pane')).toBeVisible()
  await page.waitForTimeout(500)
  await expect(conversationRow(other.page, `C2C${peer!.wtId}`)).toHaveCount(0)
})
