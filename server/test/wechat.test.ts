import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import type { WechatConfigAnswer, WechatLoginAnswer, WechatSubscriptionAnswer } from '../../types/wechat.js'
import { loadConfig } from '../src/config.js'
import { newInviteID, sendSignal, signal } from './support/calls.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { BACKENDS, openStorage, startServer, type Storage, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'
import { STAND_IN_APPID, STAND_IN_SECRET, STAND_IN_TEMPLATES, startWechatStandIn, type WechatStandIn } from './support/wechatStandIn.js'

const wechatEnv = (base: string) => ({
  WECHAT_APPID: STAND_IN_APPID,
  WECHAT_SECRET: STAND_IN_SECRET,
  WECHAT_API_BASE: base,
  WECHAT_TEMPLATE_MESSAGE: STAND_IN_TEMPLATES.message,
  WECHAT_TEMPLATE_CALL: STAND_IN_TEMPLATES.call,
})

describe.each(BACKENDS)('WeChat login and subscription messages on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  let wx: WechatStandIn
  let a: TestUser
  let b: TestUser
  let ca: ChatClient
  const lines: Array<Record<string, unknown>> = []
  let address = 0
  /** Each test logs in from its own address, so one test's failures never throttle another's. */
  const from = () => ({ 'x-forwarded-for': `10.20.${Math.floor(address / 250)}.${(address++ % 250) + 1}` })

  beforeAll(async () => {
    storage = await openStorage(backend)
    wx = await startWechatStandIn()
    s = await startServer(storage, { logLevel: 'info', wechat: loadConfig(wechatEnv(wx.url)).wechat }, {
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    })
    a = await registerUser(s, '张三')
    b = await registerUser(s, '李四')
    await befriend(s, a, b)
    ca = chatClient(s, a.token)
    await ca.ready
  })
  afterAll(async () => {
    ca?.close()
    await s?.close()
    await wx?.close()
    await storage?.close()
  })

  const login = (code: string, headers = from()) => s.api<WechatLoginAnswer>('/api/wechat/login', { code }, { headers })

  /** First time: the code answers a ticket, the phone login binds it. */
  async function bindNew(user: TestUser, openid: string, unionid?: string) {
    const first = await login(wx.code(openid, unionid))
    expect(first.data).toMatchObject({ status: 'unbound', expiresIn: 600 })
    const ticket = (first.data as { ticket: string }).ticket
    const bound = await s.api('/api/wechat/bind', { ticket }, { token: user.token })
    expect(bound, bound.msg).toMatchObject({ code: 200, msg: '已绑定微信', data: { bound: true } })
  }

  async function settled() {
    await new Promise((r) => setTimeout(r, 30))
    await s.built.ctx.push.idle()
    await s.built.ctx.wechatNotices!.idle()
  }
  const noticesTo = (openid: string) => wx.sent.filter((n) => n.touser === openid)

  async function subscribe(user: TestUser, openid: string, accepted: string[] = [STAND_IN_TEMPLATES.message, STAND_IN_TEMPLATES.call]) {
    const r = await s.api<WechatSubscriptionAnswer>('/api/wechat/subscribe', { code: wx.code(openid), accepted }, { token: user.token })
    expect(r, r.msg).toMatchObject({ code: 200, msg: '已开启微信消息提醒' })
    return r.data
  }

  it('says WeChat login is on and names the templates; without WECHAT_APPID it is off and the routes say so', async () => {
    const on = await s.api<WechatConfigAnswer>('/api/wechat/config')
    expect(on.data).toEqual({ login: true, templateIds: [STAND_IN_TEMPLATES.message, STAND_IN_TEMPLATES.call] })
    const plain = await startServer(storage)
    try {
      expect((await plain.api<WechatConfigAnswer>('/api/wechat/config')).data).toEqual({ login: false, templateIds: [] })
      expect(await plain.api('/api/wechat/login', { code: wx.code('o-nobody') })).toMatchObject({ code: 501, msg: '未开通微信登录' })
    } finally {
      await plain.close()
    }
    expect(() => loadConfig({ WECHAT_APPID: 'wx1' })).toThrow(/WECHAT_SECRET/)
  })

  it('binds a WeChat on the first login with phone and password, then logs in with it at once, and audits both', async () => {
    const u = await registerUser(s, '王五')
    await bindNew(u, 'o-wangwu')
    expect((await s.api('/api/wechat/binding', undefined, { token: u.token })).data).toEqual({ bound: true })
    const again = await login(wx.code('o-wangwu'))
    expect(again).toMatchObject({ code: 200, msg: '登录成功', data: { status: 'ok', wtId: u.wtId, nickName: '王五' } })
    const token = (again.data as LoginResult).token
    expect((await s.api<{ wtId: string }>('/api/user/info', undefined, { token })).data.wtId).toBe(u.wtId)
    expect(lines.some((l) => l.event === 'wechat bind' && l.wtId === u.wtId)).toBe(true)
    expect(lines.some((l) => l.event === 'login' && l.by === 'wechat' && l.route === '/api/wechat/login')).toBe(true)
    // The openid is WeChat's and the server's: no answer carries it, to its owner or anyone else.
    const seen = JSON.stringify([again, await s.api('/api/user/info', undefined, { token }), await s.api(`/api/user/search`, { keyword: u.wtId }, { token: a.token })])
    expect(seen).not.toContain('o-wangwu')
  })

  it('finds the account by unionid when the openid is another app\'s', async () => {
    const u = await registerUser(s, '钱七')
    await bindNew(u, 'o-qianqi', 'u-qianqi')
    expect((await login(wx.code('o-other-app', 'u-qianqi'))).data).toMatchObject({ status: 'ok', wtId: u.wtId })
  })

  it('refuses a bad code, a used code, a busy WeChat, a spent ticket and a WeChat bound to someone else, in words', async () => {
    expect(await login('not-a-code')).toMatchObject({ code: 400, msg: '微信登录已失效，请重试' })
    const code = wx.code('o-used')
    expect((await login(code)).code).toBe(200)
    expect(await login(code)).toMatchObject({ code: 400, msg: '微信登录已失效，请重试' })
    wx.script('/sns/jscode2session', 45011)
    expect(await login(wx.code('o-busy'))).toMatchObject({ code: 429, msg: '微信服务暂时不可用，请稍后再试' })
    expect(await login('')).toMatchObject({ status: 400, msg: expect.stringContaining('缺少微信登录凭证') })

    const u = await registerUser(s, '孙八')
    await bindNew(u, 'o-sunba')
    const ticket = ((await login(wx.code('o-sunba-2'))).data as { ticket: string }).ticket
    expect(await s.api('/api/wechat/bind', { ticket }, { token: u.token })).toMatchObject({ code: 409, msg: '当前账号已绑定其他微信，请先解除绑定' })
    expect(await s.api('/api/wechat/bind', { ticket }, { token: u.token })).toMatchObject({ code: 400, msg: '微信授权已过期，请重新点击微信一键登录' })
    const v = await registerUser(s, '周九')
    // A ticket taken before the WeChat was bound elsewhere.
    const late = ((await login(wx.code('o-zhoujiu'))).data as { ticket: string }).ticket
    await bindNew(await registerUser(s, '吴十'), 'o-zhoujiu')
    expect(await s.api('/api/wechat/bind', { ticket: late }, { token: v.token })).toMatchObject({ code: 409, msg: '该微信已绑定其他账号' })
  })

  it('throttles bad codes per address like wrong passwords, and counts them as login failures', async () => {
    const u = await registerUser(s, '郑一')
    await bindNew(u, 'o-zhengyi')
    const here = from()
    for (let i = 0; i < 5; i++) expect((await login(`bad-${i}`, here)).code).toBe(400)
    const blocked = await login(wx.code('o-zhengyi'), here)
    expect(blocked).toMatchObject({ code: 429, msg: '登录失败次数过多，请1分钟后再试' })
    expect((await login(wx.code('o-zhengyi'), from())).data).toMatchObject({ status: 'ok', wtId: u.wtId })
    expect(lines.filter((l) => l.event === 'login failure' && l.by === 'wechat').length).toBeGreaterThanOrEqual(5)
  })

  it('unbinds in 安全设置: the next WeChat login asks for a phone login again', async () => {
    const u = await registerUser(s, '冯二')
    await bindNew(u, 'o-fenger')
    expect(await s.api('/api/wechat/unbind', {}, { token: u.token })).toMatchObject({ code: 200, msg: '已解除微信绑定' })
    expect((await s.api('/api/wechat/binding', undefined, { token: u.token })).data).toEqual({ bound: false })
    expect((await login(wx.code('o-fenger'))).data).toMatchObject({ status: 'unbound' })
    expect(await s.api('/api/wechat/unbind', {}, { token: u.token })).toMatchObject({ code: 400, msg: '当前账号未绑定微信' })
    expect(lines.some((l) => l.event === 'wechat unbind' && l.wtId === u.wtId)).toBe(true)
  })

  it('sends one notice while the mini-program is closed, without a preview, and another after it opened again', async () => {
    expect((await s.api<WechatSubscriptionAnswer>('/api/wechat/subscription', undefined, { token: b.token })).data).toEqual({ subscribed: false, remaining: 0 })
    await subscribe(b, 'o-lisi')
    expect(await subscribe(b, 'o-lisi')).toEqual({ subscribed: true, remaining: 2 })
    await ca.sendText(`C2C${b.wtId}`, '晚上吃什么')
    await ca.sendText(`C2C${b.wtId}`, '火锅？')
    await settled()
    const sent = noticesTo('o-lisi')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      template_id: STAND_IN_TEMPLATES.message,
      page: `pages/messages/index?conversationID=C2C${a.wtId}`,
      miniprogram_state: 'formal',
      lang: 'zh_CN',
      data: { thing1: { value: '微谈' }, thing2: { value: '你有新消息' }, time3: { value: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/) } },
    })

    // Open: nothing is sent while a socket is open; closed again, the next message is told once more.
    const cb = chatClient(s, b.token)
    await cb.ready
    await ca.sendText(`C2C${b.wtId}`, '在吗')
    await settled()
    expect(noticesTo('o-lisi')).toHaveLength(1)
    cb.close()
    await cb.probe.closed
    await ca.sendText(`C2C${b.wtId}`, '还在吗')
    await settled()
    expect(noticesTo('o-lisi')).toHaveLength(2)
    expect(noticesTo('o-lisi')[1]!.data.thing2!.value).toMatch(/^你有 \d 条新消息$/)
    expect((await s.api<WechatSubscriptionAnswer>('/api/wechat/subscription', undefined, { token: b.token })).data.remaining).toBe(0)
  })

  it('never notifies a muted conversation; previews name the sender when turned on; a missed call has its own template', async () => {
    const c = await registerUser(s, '陈三')
    await befriend(s, a, c)
    await subscribe(c, 'o-chensan')
    // The conversation begins while 陈三 has the app open: nothing to tell.
    const cc = chatClient(s, c.token)
    await cc.ready
    await ca.sendText(`C2C${c.wtId}`, '你好')
    await settled()
    cc.close()
    await cc.probe.closed
    expect((await s.api('/api/im/conversation/mute', { conversationID: `C2C${a.wtId}`, isMuted: true }, { token: c.token })).code).toBe(200)
    await ca.sendText(`C2C${c.wtId}`, '静音了吗')
    await settled()
    expect(noticesTo('o-chensan')).toHaveLength(0)
    expect((await s.api<WechatSubscriptionAnswer>('/api/wechat/subscription', undefined, { token: c.token })).data.remaining).toBe(1)

    await s.api('/api/im/conversation/mute', { conversationID: `C2C${a.wtId}`, isMuted: false }, { token: c.token })
    await s.api('/api/push/previews', { showPreviews: true }, { token: c.token })
    await ca.sendText(`C2C${c.wtId}`, '这是一条很长很长很长很长很长很长的预览内容')
    await settled()
    expect(noticesTo('o-chensan')[0]!.data).toMatchObject({ thing1: { value: '张三' }, thing2: { value: '这是一条很长很长很长很长很长很长的预览…' } })

    const inviteID = newInviteID()
    await sendSignal(ca, c.wtId, signal(inviteID, a.wtId, c.wtId, 1))
    await sendSignal(ca, c.wtId, signal(inviteID, a.wtId, c.wtId, 2))
    await settled()
    const call = noticesTo('o-chensan').filter((n) => n.template_id === STAND_IN_TEMPLATES.call)
    expect(call).toHaveLength(1)
    expect(call[0]!.data).toMatchObject({ thing1: { value: '张三' }, thing2: { value: '你有一个未接视频通话' } })
  })

  it('takes WeChat\'s refusal (43101) as no acceptance left, renews a revoked token, and refuses unknown templates and bad codes', async () => {
    const d = await registerUser(s, '褚四')
    await befriend(s, a, d)
    await subscribe(d, 'o-chusi')
    await subscribe(d, 'o-chusi')
    wx.script('/cgi-bin/message/subscribe/send', 43101)
    await ca.sendText(`C2C${d.wtId}`, '你好')
    await settled()
    expect(noticesTo('o-chusi')).toHaveLength(0)
    expect(s.built.ctx.wechatNotices!.counts().refused).toBe(1)
    expect((await s.api<WechatSubscriptionAnswer>('/api/wechat/subscription', undefined, { token: d.token })).data).toEqual({ subscribed: false, remaining: 0 })

    await subscribe(d, 'o-chusi')
    wx.revokeTokens()
    const tokens = wx.hits.get('/cgi-bin/token') ?? 0
    await ca.sendText(`C2C${d.wtId}`, '再试一次')
    await settled()
    expect(noticesTo('o-chusi')).toHaveLength(1)
    expect(wx.hits.get('/cgi-bin/token')).toBe(tokens + 1)

    expect(await s.api('/api/wechat/subscribe', { code: wx.code('o-chusi'), accepted: ['tmpl-unknown'] }, { token: d.token })).toMatchObject({ code: 400, msg: '未授权消息提醒' })
    expect(await s.api('/api/wechat/subscribe', { code: 'bad', accepted: [STAND_IN_TEMPLATES.message] }, { token: d.token })).toMatchObject({ code: 400, msg: '微信登录已失效，请重试' })
    expect((await s.api('/api/wechat/subscribe', { code: wx.code('o-x'), accepted: [] })).status).toBe(401)
  })
})
