import { expect, test } from '@playwright/test'
import type { Paged } from '../../../types/envelope'
import type { GroupApplication } from '../../../types/group'
import { apiPost, submitPhoneLogin } from '../support/accounts'
import { closeAll, createGroup, openConversation, registerUsers, signIn, visible, type Session } from '../messaging/support'
import { expectToast, textareaByTestId } from '../support/ui'
import { openPanel } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

test('the group QR is a link of the app: opened by a camera it logs in, shows the card and applies with joinType 1', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const [owner, member, stranger] = await registerUsers(request, ['链主', '链员', '扫码人'])
  const group = await createGroup(request, owner, [member], `链接群${owner.phone.slice(-3)}`)
  const o = await signIn(browser, owner)
  sessions = [o]

  await openConversation(o.page, group.conversationID)
  await openPanel(o.page)
  await visible(o.page, 'group-qr-row').click()
  const origin = new URL(o.page.url()).origin
  const link = `${origin}/messages?joinGroup=${group.groupNumber}`
  await expect(visible(o.page, 'group-qr-image')).toHaveAttribute('data-qr', link)

  // A phone camera opens the link in a browser that is not logged in.
  const context = await browser.newContext()
  const page = await context.newPage()
  sessions.push({ user: stranger, context, page })
  await page.goto(link)
  await expect(page).toHaveURL(/\/login/)
  await submitPhoneLogin(page, stranger.phone, stranger.pwd)
  await expect(visible(page, 'group-card-name')).toHaveText(group.name)
  // The link has done its work: a reload does not open the card again.
  await expect(page).not.toHaveURL(/joinGroup/)
  await textareaByTestId(page, 'group-card-message').fill('扫码来的')
  await visible(page, 'group-card-join').click()
  await expectToast(page, '申请已发送')

  const list = await apiPost<Paged<GroupApplication>>(request, '/api/user/groupNotice/joinApplyList', { pageNum: 1, pageSize: 20 }, owner.login.token)
  const row = list.data.rows.find((r) => r.applicant === stranger.wtId)
  expect(row?.joinType).toBe(1)
  expect(row?.applyMessage).toBe('扫码来的')
})
