import { expect, test, type APIRequestContext } from '@playwright/test'
import type { GroupCreateResult } from '../../../types/group'
import { closeAll, registerUsers, signIn, type ChatUser, type Session } from '../messaging/support'
import { apiPost } from '../support/accounts'
import { callApi, callNotifications, clickNotification, recordNotificationsAndVisibility, setPageHidden, waitForCallApi } from './hostPage'
import { callScreen, expectLayout, placeCall, press } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

async function makeGroup(request: APIRequestContext, owner: ChatUser, members: ChatUser[]): Promise<string> {
  const created = await apiPost<GroupCreateResult>(request, '/api/user/groupchat/add', { groupName: '推送群', groupNotice: '', groupAvatar: '', wtIds: members.map((m) => m.wtId) }, owner.login.token)
  expect(created.code, created.msg).toBe(200)
  return created.data.txGroupid
}

test('a one-to-one call rings a hidden callee with a desktop notification: the caller name and "你有一个新的通话邀请", once, gone when the ringing stops', async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['推', '送'])
  const a = await signIn(browser, alice!)
  const b = await signIn(browser, bob!, { beforeLogin: recordNotificationsAndVisibility })
  sessions = [a, b]

  // In front, an invitation shows the call screen and no notification.
  await placeCall(a, bob!, 'voice')
  await expectLayout(b.page, 'be-invited')
  await press(a.page, 'hangup')
  await expect(callScreen(b.page)).toHaveCount(0)
  expect(await callNotifications(b.page)).toEqual([])

  // On another tab: the notification, exactly once, tagged with the call. (The call button
  // ignores a press within 500 ms of the last one, calling-widget section 9: wait it out.)
  await setPageHidden(b.page, true)
  await a.page.waitForTimeout(600)
  await placeCall(a, bob!, 'voice')
  await expect.poll(() => callNotifications(b.page)).toHaveLength(1)
  const [notice] = await callNotifications(b.page)
  expect(notice).toMatchObject({ title: alice!.nickName, body: '你有一个新的通话邀请', closed: false })
  expect(notice!.tag).toMatch(/^call-/)
  // The caller cancels: the ringing stops and the notification goes.
  await press(a.page, 'hangup')
  await expect.poll(async () => (await callNotifications(b.page))[0]?.closed).toBe(true)
  expect(await callNotifications(b.page)).toHaveLength(1)

  // Next call: a click on the notification brings the window forward; the call is still ringing there.
  await a.page.waitForTimeout(600)
  await placeCall(a, bob!, 'voice')
  await expect.poll(async () => (await callNotifications(b.page)).length).toBe(2)
  const second = (await callNotifications(b.page))[1]!
  expect(second.tag).not.toBe(notice!.tag)
  expect(await clickNotification(b.page, second.tag)).toBe(1)
  expect((await callNotifications(b.page))[1]!.closed).toBe(true)
  await setPageHidden(b.page, false)
  await expectLayout(b.page, 'be-invited')
  await press(b.page, 'reject')
  await expect(callScreen(a.page)).toHaveCount(0)
})

test("a group call's custom offline push info is what a hidden invitee's notification says; accepting closes it", async ({ browser, request }) => {
  const [owner, bob, carol] = await registerUsers(request, ['群推', '乙推', '丙推'])
  const groupID = await makeGroup(request, owner!, [bob!, carol!])
  const o = await signIn(browser, owner!)
  const b = await signIn(browser, bob!, { beforeLogin: recordNotificationsAndVisibility })
  sessions = [o, b]
  await waitForCallApi(o.page)

  await setPageHidden(b.page, true)
  await callApi(o.page, 'groupCall', { userIDList: [bob!.wtId], type: 1, groupID, offlinePushInfo: { title: '周会开始了', description: '点开加入语音通话' } })
  await expectLayout(o.page, 'dialing-group')
  await expect.poll(() => callNotifications(b.page)).toHaveLength(1)
  expect((await callNotifications(b.page))[0]).toMatchObject({ title: '周会开始了', body: '点开加入语音通话', closed: false })

  await setPageHidden(b.page, false)
  await press(b.page, 'accept')
  await expectLayout(b.page, 'calling-group-audio')
  await expect.poll(async () => (await callNotifications(b.page))[0]?.closed).toBe(true)
  expect(await callNotifications(b.page)).toHaveLength(1)
  await press(o.page, 'hangup')
  await expect(callScreen(b.page)).toHaveCount(0)
})

test('groupCall refuses a push title over 64 characters with the argument message', async ({ browser, request }) => {
  const [owner, bob] = await registerUsers(request, ['长题', '收件'])
  const groupID = await makeGroup(request, owner!, [bob!])
  const o = await signIn(browser, owner!)
  sessions = [o]
  await waitForCallApi(o.page)
  const refused = await callApi(o.page, 'groupCall', { userIDList: [bob!.wtId], type: 1, groupID, offlinePushInfo: { title: 'x'.repeat(65) } }).then(
    () => '',
    (err: Error) => err.message,
  )
  expect(refused).toContain('API<groupCall>: offlinePushInfo.title can only be 0-64 characters long, current offlinePushInfo.title is 65 characters long.')
  await expect(callScreen(o.page)).toHaveCount(0)
})
