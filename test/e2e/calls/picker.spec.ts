import { expect, test, type Locator } from '@playwright/test'
import { closeAll, createGroup, openConversation, registerUsers, signIn, tapTool, visible, type ChatUser, type Session } from '../messaging/support'
import { expectToastOnTop, recordToasts } from '../support/ui'
import { callScreen } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

const MAX_TOAST = '最多可邀请8人'

/** Thirty-five members named 成员01 … 成员35 (registerUsers adds three digits of the phone). */
async function registerMembers(request: Parameters<typeof registerUsers>[0]): Promise<ChatUser[]> {
  const names = Array.from({ length: 35 }, (_, i) => `成员${String(i + 1).padStart(2, '0')}`)
  const batches = Array.from({ length: 5 }, (_, b) => names.slice(b * 7, b * 7 + 7))
  return (await Promise.all(batches.map((batch) => registerUsers(request, batch)))).flat()
}

const ids = (items: Locator) => items.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id') ?? ''))

test("the invite picker of a 36-member group: 'View more' loads past the first page of 30, search by nickname and ID, select-all, at most 8, Done with none, Cancel", async ({ browser, request }) => {
  test.setTimeout(120_000)
  const [owner] = await registerUsers(request, ['群主'])
  const members = await registerMembers(request)
  const group = await createGroup(request, owner!, members, '大群')
  const o = await signIn(browser, owner!)
  sessions = [o]
  const shownToasts = await recordToasts(o.page)
  await o.page.reload()
  await expect(visible(o.page, 'conv-pane')).toBeVisible()
  const maxToasts = async () => (await shownToasts()).filter((t) => t.endsWith(MAX_TOAST)).length

  await openConversation(o.page, group.conversationID)
  await tapTool(o.page, 'tool-groupCall')
  await visible(o.page, 'group-call-voice').click()
  const picker = visible(o.page, 'call-picker')
  const items = picker.locator('[data-testid="call-picker-item"]')
  const item = (u: ChatUser) => picker.locator(`[data-testid="call-picker-item"][data-id="${u.wtId}"]`)
  const search = picker.locator('[data-testid="call-picker-search"] input, input[data-testid="call-picker-search"]').first()
  const more = visible(o.page, 'call-picker-more')
  const selectAll = visible(o.page, 'call-picker-all')
  const done = visible(o.page, 'call-picker-done')

  // The first page holds 30 members, the owner first (who is never a candidate).
  await expect(items).toHaveCount(29)
  await expect(more).toHaveText('查看更多')
  await more.click()
  await expect(items).toHaveCount(35)
  await expect(more).toHaveCount(0)
  expect((await ids(items)).sort()).toEqual(members.map((m) => m.wtId).sort())

  // Search narrows the loaded list, by nickname or by user ID; 'View more' stays hidden meanwhile.
  await search.fill('成员07')
  await expect(items).toHaveCount(1)
  await expect(item(members[6]!)).toBeVisible()
  await search.fill(members[32]!.wtId)
  await expect(items).toHaveCount(1)
  await expect(item(members[32]!)).toBeVisible()
  await search.fill('成员0')
  await expect(items).toHaveCount(9)

  // Select-all over nine would pass the limit of 8: refused with the toast, nothing picked.
  await selectAll.click()
  await expectToastOnTop(o.page, MAX_TOAST)
  await expect.poll(maxToasts).toBe(1)
  await expect(picker.locator('[data-testid="call-picker-item"][data-selected="true"]')).toHaveCount(0)
  // Over six it picks them all; pressed again with all picked, it clears them.
  await search.fill('成员3')
  await expect(items).toHaveCount(6)
  await selectAll.click()
  await expect(picker.locator('[data-testid="call-picker-item"][data-selected="true"]')).toHaveCount(6)
  await expect(done).toHaveText('完成 (6)')
  await selectAll.click()
  await expect(picker.locator('[data-testid="call-picker-item"][data-selected="true"]')).toHaveCount(0)
  await expect(done).toHaveText('完成')

  // Done with nothing picked is ignored.
  await search.fill('')
  await expect(items).toHaveCount(35)
  await done.click()
  await expect(picker).toBeVisible()
  await expect(callScreen(o.page)).toHaveCount(0)

  // Eight picked one by one; a ninth is refused with the toast.
  for (const m of members.slice(0, 8)) await item(m).click()
  await expect(done).toHaveText('完成 (8)')
  await item(members[8]!).click()
  await expectToastOnTop(o.page, MAX_TOAST)
  await expect.poll(maxToasts).toBe(2)
  await expect(item(members[8]!)).toHaveAttribute('data-selected', 'false')
  await expect(done).toHaveText('完成 (8)')
  // Unpicking one makes room again.
  await item(members[0]!).click()
  await item(members[8]!).click()
  await expect(item(members[8]!)).toHaveAttribute('data-selected', 'true')
  await expect(done).toHaveText('完成 (8)')

  // Cancel closes the picker without calling anyone.
  await visible(o.page, 'call-picker-cancel').click()
  await expect(visible(o.page, 'call-picker')).toHaveCount(0)
  await expect(callScreen(o.page)).toHaveCount(0)
})
