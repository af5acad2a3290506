import type { APIRequestContext, Page } from '@playwright/test'
import type { Conversation, Message } from '../../../types/chat'
import { apiPost, loginByPhone, logoutViaMenu } from '../support/accounts'
import { expectToast } from '../support/ui'
import { contactRow, openContacts, openFriend, profileAction } from '../contacts/support'
import { applyToJoin, closePanel, memberTile, openPanel, tipRow } from '../groups/support'
import {
  befriend,
  chatPanel,
  createGroup,
  editor,
  expect,
  messageRows,
  openChatWith,
  openConversation,
  registerUsers,
  test,
  textRow,
  visible,
  type ChatUser,
} from '../messaging/support'

/**
 * Issue 12: a private one-to-one text reached a group. The owner of a group had let an
 * applicant in through the application drawer and removed them again, logged out and in again
 * in the same tab, then wrote to the removed member from the contacts page, was answered,
 * blacklisted and unblacklisted them and deleted them as a friend with the history. Two of the
 * texts were stored in the group. This is that run, with every step checked on the server.
 */

/** The `send` frames a page put on its chat socket, once per clientMsgId (a reconnect writes a waiting send again). */
interface SentFrame {
  conversationID: string
  text: string
}

function recordSends(page: Page): SentFrame[] {
  const sent: SentFrame[] = []
  const seen = new Set<string>()
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith('/ws/')) return
    ws.on('framesent', ({ payload }) => {
      let frame: { type?: string; message?: { clientMsgId?: string; conversationID?: string; payload?: { text?: string } } }
      try {
        frame = JSON.parse(payload.toString()) as typeof frame
      } catch {
        return
      }
      if (frame.type !== 'send' || !frame.message || seen.has(frame.message.clientMsgId ?? '')) return
      seen.add(frame.message.clientMsgId ?? '')
      sent.push({ conversationID: frame.message.conversationID ?? '', text: frame.message.payload?.text ?? '' })
    })
  })
  return sent
}

async function conversations(request: APIRequestContext, user: ChatUser): Promise<Conversation[]> {
  const res = await request.get('/api/im/conversations', { headers: { Authorization: `Bearer ${user.login.token}` } })
  const body = (await res.json()) as { code: number; msg: string; data: Conversation[] }
  expect(body.code, body.msg).toBe(200)
  return body.data
}

async function history(request: APIRequestContext, user: ChatUser, conversationID: string): Promise<Message[]> {
  const answer = await apiPost<{ messages: Message[] }>(request, '/api/im/messages/history', { conversationID, count: 100 }, user.login.token)
  expect(answer.code, answer.msg).toBe(200)
  return answer.data.messages
}

const textOf = (m: Pick<Message, 'type' | 'payload'>) => (m.type === 'TIMTextElem' ? String((m.payload as { text?: string }).text ?? '') : null)

test('a one-to-one text to a removed group member never reaches the group', async ({ login, request }) => {
  // Three users through a long run: about a minute and a half, much more on a busy machine.
  test.setTimeout(240_000)
  const [owner, member, applicant] = await registerUsers(request, ['群主', '成员', '申请人'])
  // The removed member is still a friend: the contacts page offers 发消息 (the demo accounts are friends).
  await befriend(request, owner, applicant)
  const group = await createGroup(request, owner, [member], `审批测试群${owner.phone.slice(-3)}`)
  const privateTexts = [`${applicant.nickName}你好，历史消息1`, '历史消息2', '历史消息3', '收到，谢谢', '拉黑之后', '移出黑名单之后']

  const c2c = `C2C${applicant.wtId}`
  /**
   * On the server, the group holds no text (only its tips) for the owner and for the member, and
   * no conversation of either but the owner's one-to-one with the applicant ends in a private text.
   */
  const expectGroupClean = async (step: string) => {
    const [ownerGroup, memberGroup, ownerConvs, memberConvs] = await Promise.all([
      history(request, owner, group.conversationID),
      history(request, member, group.conversationID),
      conversations(request, owner),
      conversations(request, member),
    ])
    for (const [viewer, messages] of [[owner, ownerGroup], [member, memberGroup]] as const) {
      expect(messages.map(textOf).filter((t) => t !== null), `${step}: texts in the group as ${viewer.nickName} sees it`).toEqual([])
    }
    for (const [viewer, convs] of [[owner, ownerConvs], [member, memberConvs]] as const) {
      for (const conv of convs) {
        if (viewer === owner && conv.conversationID === c2c) continue
        const last = conv.lastMessage ? textOf(conv.lastMessage) : null
        expect(privateTexts, `${step}: the last message of ${viewer.nickName}'s ${conv.conversationID}`).not.toContain(last)
      }
    }
  }

  const a = await login(owner)
  const b = await login(member)
  const c = await login(applicant)
  const sentByA = recordSends(a.page)
  await openConversation(a.page, group.conversationID)
  await openConversation(b.page, group.conversationID)
  await expectGroupClean('group created')

  // The applicant finds the group by its number and applies; the owner agrees in the drawer.
  await applyToJoin(c.page, group.groupNumber, '我想加入')
  await visible(a.page, 'group-apply-badge').click()
  await expect(visible(a.page, 'group-apply-row')).toContainText('我想加入')
  await visible(a.page, 'group-apply-agree').click()
  await expect(visible(a.page, 'group-apply-drawer')).toHaveCount(0)
  await expect(tipRow(a.page, `${applicant.nickName}加入了群聊`)).toBeVisible()
  await expectGroupClean('applicant joined')

  // The owner removes the applicant in the group panel.
  await openPanel(a.page)
  await visible(a.page, 'group-remove-slot').click()
  await a.page.locator(`[data-testid="group-select-item"][data-id="${applicant.wtId}"]`).filter({ visible: true }).click()
  await visible(a.page, 'group-select-submit').click()
  await visible(a.page, 'group-remove-dialog-confirm').click()
  await expectToast(a.page, '移除成功')
  await expect(memberTile(a.page, applicant.wtId)).toHaveCount(0)
  await closePanel(a.page)
  await expect(tipRow(a.page, '移出了群聊')).toBeVisible()
  await expectGroupClean('applicant removed')

  // The owner logs out and in again in the same tab, then writes from the contacts page.
  await logoutViaMenu(a.page)
  await loginByPhone(a.page, owner.phone, owner.pwd)
  await openContacts(a.page)
  await openFriend(a.page, applicant.wtId)
  await visible(a.page, 'profile-send-message').click()
  await expect(chatPanel(a.page)).toHaveAttribute('data-conversation', c2c)
  await expect(visible(a.page, 'chat-header-name')).toHaveText(applicant.nickName)
  for (const text of privateTexts.slice(0, 2)) {
    await editor(a.page).fill(text)
    await editor(a.page).press('Enter')
    await expect(textRow(a.page, text)).toHaveAttribute('data-status', 'success')
    await expectGroupClean(`owner sent 「${text}」 with Enter`)
  }
  await editor(a.page).fill(privateTexts[2]!)
  await visible(a.page, 'chat-send').click()
  await expect(textRow(a.page, privateTexts[2]!)).toHaveAttribute('data-status', 'success')
  await expectGroupClean('owner sent with the button')
  expect(sentByA).toEqual(privateTexts.slice(0, 3).map((text) => ({ conversationID: c2c, text })))

  // The applicant answers from their own chat with the owner; it shows in the owner's panel.
  await openChatWith(c.page, owner)
  await editor(c.page).fill(privateTexts[3]!)
  await editor(c.page).press('Enter')
  await expect(textRow(c.page, privateTexts[3]!)).toHaveAttribute('data-status', 'success')
  await expect(textRow(a.page, privateTexts[3]!)).toBeVisible()
  await expectGroupClean('applicant replied')

  // Blacklisted: the applicant's next message is refused. Out of the blacklist again.
  await openContacts(a.page)
  await openFriend(a.page, applicant.wtId)
  await profileAction(a.page, 'black')
  await visible(a.page, 'black-confirm-confirm').click()
  await expectToast(a.page, '已拉黑对方')
  await editor(c.page).fill(privateTexts[4]!)
  await editor(c.page).press('Enter')
  await expect(textRow(c.page, privateTexts[4]!)).toHaveAttribute('data-status', 'fail')
  await expectGroupClean('applicant blacklisted')
  await visible(a.page, 'contacts-entry-blacklist').click()
  await a.page.locator(`[data-testid="blacklist-row"][data-id="${applicant.wtId}"] [data-testid="blacklist-remove"]`).filter({ visible: true }).click()
  await expectToast(a.page, '取消拉黑成功')
  await expectGroupClean('applicant out of the blacklist')

  // Deleting the friend deletes the one-to-one history, and nothing else.
  await openFriend(a.page, applicant.wtId)
  await profileAction(a.page, 'delete')
  await visible(a.page, 'friend-delete-dialog-confirm').click()
  await expectToast(a.page, '删除好友成功')
  await expect(contactRow(a.page, applicant.wtId)).toHaveCount(0)
  await expectGroupClean('friend deleted')
  expect(sentByA.filter((f) => f.conversationID !== c2c), 'send frames of the owner naming another conversation').toEqual([])

  // The group chat, loaded afresh, shows the tips and none of the private texts.
  await a.page.goto(`/messages?conversationID=${group.conversationID}`)
  await expect(chatPanel(a.page)).toHaveAttribute('data-conversation', group.conversationID)
  await expect(tipRow(a.page, '移出了群聊')).toBeVisible()
  for (const text of privateTexts) await expect(textRow(a.page, text)).toHaveCount(0)
  await expect(messageRows(a.page).locator('[data-testid="msg-text"]')).toHaveCount(0)
  // The member, who kept the group open all along, was shown none of them either.
  await expect(chatPanel(b.page)).toHaveAttribute('data-conversation', group.conversationID)
  await expect(messageRows(b.page).locator('[data-testid="msg-text"]')).toHaveCount(0)
})
