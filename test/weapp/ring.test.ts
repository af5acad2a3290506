/**
 * A call to a user whose open client is the compiled mini-program, on the suite's server without
 * TRTC (the mini-program cannot carry the media): the ring screen shows all the same, with the
 * caller's name, the tip to answer on another device and only 拒绝; the caller's device hears at
 * once, through the server, that this device cannot answer; 拒绝 reaches the caller as a reject.
 */
import { befriend, c2cConversation, callInvite, connectDevice, registerUser, type Device } from './accounts'
import { findNodes, nodeAttr, nodeText, openPage, waitFor } from './harness'

const devices: Device[] = []
afterEach(() => {
  for (const d of devices.splice(0)) d.close()
})

test('without TRTC the mini-program rings with 拒绝 and a tip, tells the caller at once, and 拒绝 rejects', async () => {
  const [me, friend] = await Promise.all([registerUser('小明'), registerUser('小红')])
  await befriend(me, friend)
  const caller = await connectDevice(friend)
  devices.push(caller)
  const page = openPage('pages/messages/index', { session: me })
  await waitFor(() => page.requests.some((r) => r.method === 'WS'), 'the message socket')
  await waitFor(() => page.withClass('conv-list').length > 0 || page.byText('暂无会话').length > 0, 'the conversation list')
  const inviteID = `call-ring-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const invite = callInvite(inviteID, friend, me, 1)
  const sentAt = Date.now()
  expect(await caller.send(c2cConversation(me.wtId), 'TIMCustomElem', { data: JSON.stringify(invite), description: '', extension: '' })).toMatchObject({ type: 'ack' })

  const text = () => nodeText(page.tree())
  await waitFor(() => text().includes('请在网页版等其他设备上接听'), 'the ring screen with its tip')
  expect(text()).toContain('小红')
  const withText = (label: string) => findNodes(page.tree(), (n) => nodeText(n) === label && !!nodeAttr(n, 'id'))
  expect(withText('拒绝').length).toBeGreaterThan(0)
  expect(withText('接听')).toHaveLength(0)

  const told = await caller.next((f) => f.type === 'rtc' && f.inviteID === inviteID, 3_000)
  expect(told).toMatchObject({ from: me.wtId, payload: { kind: 'cannotAnswer', reason: 'noMediaPath' } })
  expect(Date.now() - sentAt).toBeLessThan(3_000)

  page.tap(withText('拒绝').at(-1))
  const reject = await caller.next((f) => {
    const m = f.message as { from?: string; payload?: { data?: string } } | undefined
    return f.type === 'msg' && m?.from === me.wtId && (m.payload?.data ?? '').includes(inviteID)
  })
  expect(JSON.parse((reject.message as { payload: { data: string } }).payload.data)).toMatchObject({ inviteID, actionType: 4 })
  await waitFor(() => !text().includes('请在网页版等其他设备上接听'), 'the ring screen closing')
})
