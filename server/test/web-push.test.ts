import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeviceSession, LoginResult } from '../../types/auth.js'
import type { PushStatusAnswer, VapidKeyAnswer } from '../../types/push.js'
import { redisPresence, type Presence } from '../src/adapters/presence.js'
import { loadConfig } from '../src/config.js'
import { newInviteID, sendSignal, signal } from './support/calls.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { makeGroup } from './support/groups.js'
import { startPushService, type PushServiceStandIn } from './support/pushService.js'
import { BACKENDS, openStorage, startServer, type Storage, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'

describe.each(BACKENDS)('Web Push on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  let service: PushServiceStandIn
  let a: TestUser
  let b: TestUser
  let ca: ChatClient
  beforeAll(async () => {
    storage = await openStorage(backend)
    service = await startPushService()
    s = await startServer(storage, { push: { ...loadConfig({}).push, allowHttpEndpoints: true, retryBaseMs: 20 } })
    a = await registerUser(s, '张三')
    b = await registerUser(s, '李四')
    await befriend(s, a, b)
    ca = chatClient(s, a.token)
    await ca.ready
  })
  afterAll(async () => {
    ca?.close()
    await s?.close()
    await service?.close()
    await storage?.close()
  })

  /** Everything published so far has been planned and delivered (or given up). */
  async function settled() {
    await new Promise((r) => setTimeout(r, 30))
    await s.built.ctx.push.idle()
  }
  const pushesTo = (id: string) => service.received.filter((p) => p.id === id)

  async function subscribe(token: string) {
    const sub = service.subscription()
    const r = await s.api('/api/push/subscribe', { endpoint: sub.endpoint, keys: sub.keys }, { token })
    expect(r, r.msg).toMatchObject({ code: 200 })
    return sub
  }

  async function secondLogin(u: TestUser): Promise<string> {
    const r = await s.api<LoginResult>('/api/user/login/pwd', { phone: u.phone, pwd: u.pwd })
    expect(r.code).toBe(200)
    return r.data.token
  }

  it('answers the VAPID key, refuses malformed and non-https subscriptions in words', async () => {
    const key = await s.api<VapidKeyAnswer>('/api/push/vapidPublicKey', undefined, { token: a.token })
    expect(key.data.vapidPublicKey).toMatch(/^[\w-]{87}$/)
    const bad = await s.api('/api/push/subscribe', { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } }, { token: a.token })
    expect(bad.status).toBe(400)
    expect(bad.msg).toMatch(/endpoint/)
    const sub = service.subscription()
    const ftp = await s.api('/api/push/subscribe', { endpoint: sub.endpoint.replace('http:', 'ftp:'), keys: sub.keys }, { token: a.token })
    expect(ftp.msg).toBe('endpoint: 推送地址必须是 https 地址')
    expect((await s.api('/api/push/vapidPublicKey')).status).toBe(401)
  })

  it('pushes a message to an offline user once per subscription, encrypted and signed, counting per conversation', async () => {
    const first = await subscribe(b.token)
    const other = await subscribe(await secondLogin(b))
    const status = await s.api<PushStatusAnswer>('/api/push/status', { endpoint: first.endpoint }, { token: b.token })
    expect(status.data).toEqual({ subscribed: true, showPreviews: false })

    await ca.sendText(`C2C${b.wtId}`, '晚上吃什么')
    await settled()
    const key = (await s.api<VapidKeyAnswer>('/api/push/vapidPublicKey', undefined, { token: a.token })).data.vapidPublicKey
    for (const sub of [first, other]) {
      const got = pushesTo(sub.id)
      expect(got).toHaveLength(1)
      expect(got[0]).toMatchObject({ ttl: 12 * 3600, urgency: 'normal', vapidKey: key })
      expect(got[0]!.payload).toEqual({ kind: 'message', tag: `C2C${a.wtId}`, title: '微谈', body: '你有新消息', conversationID: `C2C${a.wtId}`, badge: 1 })
    }
    await ca.sendText(`C2C${b.wtId}`, '火锅？')
    await settled()
    expect(pushesTo(first.id).at(-1)!.payload).toMatchObject({ body: '你有 2 条新消息', badge: 2 })
    expect(service.problems).toEqual([])

    const devices = await s.api<DeviceSession[]>('/api/user/security/devices', undefined, { token: b.token })
    expect(devices.data.filter((d) => d.push)).toHaveLength(2)
  })

  it('does not push while the user has a socket open, nor a muted conversation; previews name the sender', async () => {
    const before = service.received.length
    const cb = chatClient(s, b.token)
    await cb.ready
    await ca.sendText(`C2C${b.wtId}`, '在吗')
    await settled()
    expect(service.received.length).toBe(before)
    const muted = await s.api('/api/im/conversation/mute', { conversationID: `C2C${a.wtId}`, isMuted: true }, { token: b.token })
    expect(muted.code).toBe(200)
    cb.close()
    await cb.probe.closed
    await ca.sendText(`C2C${b.wtId}`, '静音了吗')
    await settled()
    expect(service.received.length).toBe(before)

    await s.api('/api/im/conversation/mute', { conversationID: `C2C${a.wtId}`, isMuted: false }, { token: b.token })
    expect((await s.api('/api/push/previews', { showPreviews: true }, { token: b.token })).code).toBe(200)
    await ca.sendText(`C2C${b.wtId}`, '预览内容')
    await settled()
    expect(service.received.at(-1)!.payload).toMatchObject({ title: '张三', body: '预览内容' })
    await s.api('/api/push/previews', { showPreviews: false }, { token: b.token })
  })

  it('pushes an @-mention through a muted group, and nothing else of it', async () => {
    const c = await registerUser(s, '王五')
    const sub = await subscribe(c.token)
    const group = await makeGroup(s, a, [], [c])
    await s.api('/api/im/conversation/mute', { conversationID: group.conversationID, isMuted: true }, { token: c.token })
    await ca.sendText(group.conversationID, '大家好')
    await settled()
    expect(pushesTo(sub.id)).toHaveLength(0)
    await ca.sendText(group.conversationID, '@王五 看一下', { atUserList: [c.wtId] })
    await settled()
    expect(pushesTo(sub.id)).toHaveLength(1)
    expect(pushesTo(sub.id)[0]!.payload).toMatchObject({ kind: 'message', tag: group.conversationID, title: '微谈' })
  })

  it('retries after 429 and deletes a subscription the push service says is gone (410)', async () => {
    const d = await registerUser(s, '赵六')
    await befriend(s, a, d)
    const busy = await subscribe(d.token)
    const gone = await subscribe(await secondLogin(d))
    service.answer(busy.id, 429)
    service.answer(gone.id, 410)
    await ca.sendText(`C2C${d.wtId}`, '你好')
    await settled()
    expect(service.attempts.get(busy.id)).toBe(2)
    expect(pushesTo(busy.id)).toHaveLength(1)
    expect(service.attempts.get(gone.id)).toBe(1)
    await ca.sendText(`C2C${d.wtId}`, '还在吗')
    await settled()
    expect(service.attempts.get(gone.id)).toBe(1)
    expect(pushesTo(busy.id)).toHaveLength(2)
    expect((await s.api<PushStatusAnswer>('/api/push/status', { endpoint: gone.endpoint }, { token: d.token })).data.subscribed).toBe(false)
  })

  it('logging out removes the session’s subscription', async () => {
    const e = await registerUser(s, '孙七')
    await befriend(s, a, e)
    const session2 = await secondLogin(e)
    const kept = await subscribe(e.token)
    const dropped = await subscribe(session2)
    expect((await s.api('/api/user/logout', {}, { token: session2 })).code).toBe(200)
    await ca.sendText(`C2C${e.wtId}`, '退出了吗')
    await settled()
    expect(pushesTo(kept.id)).toHaveLength(1)
    expect(service.attempts.get(dropped.id)).toBeUndefined()
    const devices = await s.api<DeviceSession[]>('/api/user/security/devices', undefined, { token: e.token })
    expect(devices.data.map((x) => x.push)).toEqual([true])
  })

  it('rings a call for 30 seconds and takes the ring away when the call is cancelled', async () => {
    const f = await registerUser(s, '周八')
    await befriend(s, a, f)
    const sub = await subscribe(f.token)
    const inviteID = newInviteID()
    const invite = await sendSignal(ca, f.wtId, signal(inviteID, a.wtId, f.wtId, 1))
    expect(invite.type).toBe('ack')
    await settled()
    expect(pushesTo(sub.id)).toHaveLength(1)
    expect(pushesTo(sub.id)[0]).toMatchObject({ ttl: 30, urgency: 'high' })
    expect(pushesTo(sub.id)[0]!.payload).toMatchObject({ kind: 'call', tag: `call:${inviteID}`, inviteID, conversationID: `C2C${a.wtId}`, body: '有人邀请你视频通话' })
    await sendSignal(ca, f.wtId, signal(inviteID, a.wtId, f.wtId, 2))
    await settled()
    expect(pushesTo(sub.id).at(-1)!.payload).toEqual({ kind: 'callEnd', tag: `call:${inviteID}` })
  })

  it('tells of a friend application', async () => {
    const g = await registerUser(s, '吴九')
    const sub = await subscribe(g.token)
    const applied = await s.api('/api/userFriends/apply', { applyWtId: g.wtId, applySource: 1, applyInfo: '' }, { token: a.token })
    expect(applied.code).toBe(200)
    await settled()
    expect(pushesTo(sub.id).map((p) => p.payload)).toEqual([{ kind: 'friendApply', tag: 'friendApply', title: '微谈', body: '你有新的好友申请' }])
    expect(service.problems).toEqual([])
  })
})

/** Presence across processes needs Redis on PostgreSQL; CI provides both (.ci/run), so there these run, never skip. */
const REDIS_URL = process.env.TEST_DATABASE_URL ? process.env.TEST_REDIS_URL : undefined
if (!REDIS_URL && process.env.CI) throw new Error('The Web Push scale-out tests need TEST_DATABASE_URL and TEST_REDIS_URL')

describe.skipIf(!REDIS_URL)('Web Push across two server processes (Redis presence)', () => {
  const redisUrl = REDIS_URL!
  let storage: Storage
  let service: PushServiceStandIn
  const servers: TestServer[] = []
  const presences: Presence[] = []
  beforeAll(async () => {
    storage = await openStorage('postgres')
    service = await startPushService()
    const prefix = `t${Date.now()}${process.pid}:presence:`
    for (let i = 0; i < 2; i++) {
      presences.push(await redisPresence(redisUrl, prefix))
      servers.push(await startServer(storage, { push: { ...loadConfig({}).push, allowHttpEndpoints: true } }, { presence: presences[i] }))
    }
  })
  afterAll(async () => {
    for (const s of servers) await s.close()
    for (const p of presences) await p.close()
    await service?.close()
    await storage?.close()
  })

  it('does not push to a user whose socket is open on the other process, and pushes once it closes', async () => {
    const [one, two] = servers as [TestServer, TestServer]
    const a = await registerUser(one, '甲')
    const b = await registerUser(one, '乙')
    await befriend(one, a, b)
    const sub = service.subscription()
    expect((await one.api('/api/push/subscribe', { endpoint: sub.endpoint, keys: sub.keys }, { token: b.token })).code).toBe(200)
    const ca = chatClient(one, a.token)
    const cb = chatClient(two, b.token)
    await Promise.all([ca.ready, cb.ready])
    await ca.sendText(`C2C${b.wtId}`, '在另一台机器上')
    await new Promise((r) => setTimeout(r, 100))
    await one.built.ctx.push.idle()
    expect(service.received).toHaveLength(0)
    cb.close()
    await cb.probe.closed
    await new Promise((r) => setTimeout(r, 100))
    await ca.sendText(`C2C${b.wtId}`, '现在离线了')
    await new Promise((r) => setTimeout(r, 100))
    await one.built.ctx.push.idle()
    expect(service.received.map((p) => p.payload.body)).toEqual(['你有 2 条新消息'])
    ca.close()
  })
})
