import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AdminReport, AdminUserRow, AuditEntry, MemberCentre, ModerationLists, RedeemCode } from '../../types/admin.js'
import type { LoginResult } from '../../types/auth.js'
import type { Paged } from '../../types/envelope.js'
import { adminRoutes } from '../../types/routes/admin.js'
import { API_BASE_PATH } from '../../types/routes/route.js'
import { promote } from '../src/app/admin/role.js'
import { chatClient, messagesOf } from './support/chat.js'
import { BACKENDS, freshPhone, openStorage, startServer, type Storage, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'
import { PNG_1x1, uploadFile } from './support/uploads.js'
import { makeGroup } from './support/groups.js'


describe.each(BACKENDS)('operator console and account lifecycle on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  let s2: TestServer
  let operator: LoginResult
  let plain: TestUser
  const operatorPhone = freshPhone()

  beforeAll(async () => {
    storage = await openStorage(backend)
    const calls = { dailyLimitSeconds: 1 }
    // ADMIN_PHONES grants the role to the account holding the phone when the server starts.
    s = await startServer(storage)
    const reg = await s.api<LoginResult>('/api/user/login/register', { phone: operatorPhone, pwd: 'secret123', nickName: '运营' })
    operator = reg.data
    s2 = await startServer(storage, { adminPhones: [operatorPhone] })
    Object.assign(s.built.ctx.config.calls, calls)
    plain = await registerUser(s, '普通')
    return async () => {
      await s2.close()
      await s.close()
      await storage.close()
    }
  })

  const admin = <T>(path: string, body?: unknown, token = operator.token) => s.api<T>(`${API_BASE_PATH}${path}`, body, { token })
  const get = <T>(path: string, token = operator.token) => s.api<T>(`${API_BASE_PATH}${path}`, undefined, { token })

  it('checks the operator role on every admin route: operator passes, a plain user gets 403, no token 401', async () => {
    for (const [name, r] of Object.entries(adminRoutes)) {
      const url = API_BASE_PATH + r.path
      const body = r.method === 'POST' ? {} : undefined
      const asPlain = await s.api(url, body, { token: plain.token, method: r.method })
      expect(asPlain, name).toMatchObject({ status: 403, code: 403, msg: '当前操作没有权限' })
      const anonymous = await s.api(url, body, { method: r.method })
      expect(anonymous.status, name).toBe(401)
      const res = await fetch(s.url + url, {
        method: r.method,
        headers: { authorization: `Bearer ${operator.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? '{}' : undefined,
      })
      // An empty body may be refused as input (400) but never as a matter of role.
      expect([200, 400], name).toContain(res.status)
    }
  })

  it('the command line promote gives the role', async () => {
    const u = await registerUser(s, '新运营')
    expect((await get('/admin/me', u.token)).code).toBe(403)
    await promote(storage.db, u.phone)
    expect(await get<{ wtId: string }>('/admin/me', u.token)).toMatchObject({ code: 200, data: { wtId: u.wtId } })
  })

  it('/user/info tells the account whether it holds the role: ADMIN_PHONES and promote do, a plain account does not', async () => {
    const info = async (token: string) => (await s.api<{ operator: boolean }>('/api/user/info', undefined, { token })).data.operator
    expect(await info(operator.token)).toBe(true)
    const u = await registerUser(s, '将运营')
    expect(await info(u.token)).toBe(false)
    await promote(storage.db, u.phone)
    expect(await info(u.token)).toBe(true)
    expect(await info(plain.token)).toBe(false)
  })

  it('a ban refuses sends with 20012, login still works, restore lifts it; audited', async () => {
    const a = await registerUser(s, '甲')
    const b = await registerUser(s, '乙')
    const ca = chatClient(s, a.token)
    expect((await ca.sendText(`C2C${b.wtId}`, '你好')).type).toBe('ack')
    const banned = await admin<AdminUserRow>('/admin/users/ban', { wtId: a.wtId, days: 3, reason: '刷屏' })
    expect(banned).toMatchObject({ code: 200, data: { state: 'banned', banReason: '刷屏' } })
    const nack = await ca.sendText(`C2C${b.wtId}`, '再来')
    expect(nack).toMatchObject({ type: 'nack', code: 20012, msg: '封禁期间无法向其他用户发送消息' })
    // The reason arrives from the helper account, and logging in still works.
    const notice = await ca.next((f) => f.type === 'msg' && (f.message as { from: string }).from === 'wisperHelper')
    expect(JSON.stringify(notice)).toContain('刷屏')
    expect((await s.api('/api/user/login/pwd', { phone: a.phone, pwd: a.pwd })).code).toBe(200)
    await admin('/admin/users/restore', { wtId: a.wtId })
    expect((await ca.sendText(`C2C${b.wtId}`, '解封了')).type).toBe('ack')
    ca.close()
    const log = await get<Paged<AuditEntry>>(`/admin/audit?target=${a.wtId}`)
    expect(log.data.rows.map((r) => r.action)).toEqual(['restore', 'ban'])
    expect(log.data.rows[1]).toMatchObject({ operator: operator.wtId, before: { state: 'active' }, after: { state: 'banned' } })
  })

  it('a ban of fewer than 1, more than 36500 or a fraction of days is refused with the rule the console checks', async () => {
    const a = await registerUser(s, '天数')
    const ban = (days: unknown) => admin('/admin/users/ban', { wtId: a.wtId, days, reason: '' })
    expect(await ban(0)).toMatchObject({ code: 400, msg: 'days: 封禁天数至少1天' })
    expect(await ban(36501)).toMatchObject({ code: 400, msg: 'days: 封禁天数最多36500天' })
    expect(await ban(1.5)).toMatchObject({ code: 400, msg: 'days: 封禁天数须为整数' })
    expect(await ban(null)).toMatchObject({ code: 400, msg: 'days: 封禁天数须为整数' })
    expect((await admin<AdminUserRow>(`/admin/users/ban`, { wtId: a.wtId, days: 36500, reason: '' })).data.state).toBe('banned')
  })

  it('deactivation: -2 on the socket, 11015 on later calls and at login, 20003 for senders, actionStatus 1; restore undoes it', async () => {
    const a = await registerUser(s, '丙')
    const b = await registerUser(s, '丁')
    const ca = chatClient(s, a.token)
    await ca.ready
    const cb = chatClient(s2, b.token)
    await admin('/admin/users/deactivate', { wtId: a.wtId, reason: '违规' })
    expect(await ca.next((f) => f.type === -2)).toMatchObject({ type: -2, msg: expect.stringContaining('违规') })
    expect(await ca.probe.closed).toMatchObject({ code: 4000 })
    expect((await s.api('/api/user/info', undefined, { token: a.token })).code).toBe(11015)
    expect((await s.api('/api/user/login/pwd', { phone: a.phone, pwd: a.pwd })).code).toBe(11015)
    expect(await cb.sendText(`C2C${a.wtId}`, '在吗')).toMatchObject({ type: 'nack', code: 20003 })
    const profile = await s.api<{ actionStatus: number }>('/api/user/friendInfo', { searchId: a.wtId }, { token: b.token })
    expect(JSON.stringify(profile.data)).toContain('"actionStatus":1')
    await admin('/admin/users/restore', { wtId: a.wtId })
    expect((await s.api('/api/user/login/pwd', { phone: a.phone, pwd: a.pwd })).code).toBe(200)
    expect((await cb.sendText(`C2C${a.wtId}`, '回来了')).type).toBe('ack')
    cb.close()
  })

  it('force logout: -2 with the reason on every device (other process too), then 11013', async () => {
    const a = await registerUser(s, '戊')
    const second = (await s.api<LoginResult>('/api/user/login/pwd', { phone: a.phone, pwd: a.pwd })).data
    const c1 = chatClient(s, a.token)
    const c2 = chatClient(s2, second.token)
    await c1.ready
    await c2.ready
    await admin('/admin/users/forceLogout', { wtId: a.wtId, reason: '账号异常' })
    for (const c of [c1, c2]) expect(await c.next((f) => f.type === -2)).toMatchObject({ msg: '你已被管理员强制下线：账号异常' })
    expect(await s2.api('/api/user/info', undefined, { token: second.token })).toMatchObject({ code: 11013, msg: '你已被管理员强制下线：账号异常' })
    expect((await s.api('/api/user/login/pwd', { phone: a.phone, pwd: a.pwd })).code).toBe(200)
  })

  it('membership: grant lifts the call limit at once, expiry brings it back at once; history is kept', async () => {
    const a = await registerUser(s, '己')
    const b = await registerUser(s, '庚')
    const callId = (await s.api<{ callId: number }>('/api/media/call', { acceptWtId: b.wtId, callType: 1 }, { token: a.token })).data.callId
    await new Promise((r) => setTimeout(r, 1200))
    await s.api('/api/media/exitCall', { callId }, { token: a.token })
    expect((await s.api('/api/media/checkCall', undefined, { token: a.token })).data).toBe(1)
    const future = new Date(Date.now() + 86_400_000).toISOString()
    expect((await admin('/admin/members/grant', { wtId: a.wtId, vipType: 1, vipLevel: 11, expiresAt: future })).code).toBe(400)
    const granted = await admin<AdminUserRow>('/admin/members/grant', { wtId: a.wtId, vipType: 1, vipLevel: 6, expiresAt: future })
    expect(granted.data.membership).toMatchObject({ vipType: 1, vipLevel: 6 })
    expect((await s.api('/api/media/checkCall', undefined, { token: a.token })).data).toBe(0)
    expect(await s.api('/api/user/info', undefined, { token: a.token })).toMatchObject({ data: { vipType: 1, vipLevel: 6 } })
    // The expiry passes (set in the database, as time would): the limit is back on the next check.
    await storage.db.query(`UPDATE users SET vip_expires_at = now() - interval '1 second' WHERE wt_id = $1`, [a.wtId])
    expect((await s.api('/api/media/checkCall', undefined, { token: a.token })).data).toBe(1)
    expect(await s.api('/api/user/info', undefined, { token: a.token })).toMatchObject({ data: { vipType: 0, vipLevel: 0 } })
    const centre = await s.api<MemberCentre>('/api/user/member/info', undefined, { token: a.token })
    expect(centre.data).toMatchObject({ active: false, membership: { vipType: 0 } })
    expect(centre.data.history[0]).toMatchObject({ source: 'grant', vipLevel: 6 })
  })

  it('a redeem code is spent once, even by concurrent redemptions; the CSV lists it', async () => {
    const codes = await admin<RedeemCode[]>('/admin/codes/create', { vipLevel: 3, days: 30, count: 2 })
    expect(codes.data).toHaveLength(2)
    const [one, two] = codes.data
    const users = await Promise.all([0, 1, 2, 3, 4, 5].map(() => registerUser(s, '兑换')))
    const answers = await Promise.all(users.map((u, i) => (i % 2 ? s2 : s).api<MemberCentre>('/api/user/member/redeem', { code: one!.code.toLowerCase() }, { token: u.token })))
    const winners = answers.filter((a) => a.code === 200)
    expect(winners).toHaveLength(1)
    expect(answers.filter((a) => a.code !== 200).every((a) => a.msg === '兑换码已被使用')).toBe(true)
    expect(winners[0]!.data).toMatchObject({ active: true, membership: { vipType: 1, vipLevel: 3 } })
    const expires = new Date(winners[0]!.data.membership.expiresAt!).getTime()
    expect(Math.abs(expires - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000)
    expect((await s.api('/api/user/member/redeem', { code: 'NOPE-NOPE' }, { token: users[0]!.token })).msg).toBe('兑换码无效')
    const csv = await fetch(`${s.url}/api/admin/codes/export?batch=${one!.batch}`, { headers: { authorization: `Bearer ${operator.token}` } })
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const text = await csv.text()
    expect(text).toContain(one!.code)
    expect(text).toContain(two!.code)
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(3)
    // A plain download link carries the token as `t`; it is still the operator's role that counts.
    expect((await fetch(`${s.url}/api/admin/codes/export?t=${operator.token}`)).status).toBe(200)
    expect((await fetch(`${s.url}/api/admin/codes/export?t=${plain.token}`)).status).toBe(403)
    expect((await fetch(`${s.url}/api/admin/codes?t=${operator.token}`)).status).toBe(401)
    // Whatever the batch is called, its file name reaches the header encoded (RFC 6266), never a 500.
    const exported = async (batch: string) =>
      (await fetch(`${s.url}/api/admin/codes/export?batch=${encodeURIComponent(batch)}`, { headers: { authorization: `Bearer ${operator.token}` } })).headers.get('content-disposition')
    expect(await exported('中')).toBe(`attachment; filename="redeem-codes-?.csv"; filename*=UTF-8''redeem-codes-%E4%B8%AD.csv`)
    expect(await exported('a\nb')).toBe(`attachment; filename="redeem-codes-a?b.csv"; filename*=UTF-8''redeem-codes-a%0Ab.csv`)
    expect(await exported('a"b')).toBe(`attachment; filename="redeem-codes-a\\"b.csv"`)
  })

  it('reports: the reporter is thanked by the helper, the queue lists it with its label, warn and ban reach the target', async () => {
    const reporter = await registerUser(s, '举报人')
    const target = await registerUser(s, '被举报')
    const form = new FormData()
    form.append('kind', 'image')
    form.append('file', new Blob([new Uint8Array(PNG_1x1)]), 'a.png')
    const up = await fetch(`${s.url}/api/oss/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${reporter.token}` } })
    const url = ((await up.json()) as { data: { url: string } }).data.url
    const cr = chatClient(s, reporter.token)
    const ct = chatClient(s, target.token)
    await cr.ready
    await ct.ready
    const file = async () =>
      (await s.api<{ id: number }>('/api/complaint/add', { complaintDetail: '骚扰', complaintImage: url, complaintType: '3', targetId: target.wtId, type: 0 }, { token: reporter.token })).data.id
    const first = await file()
    await cr.next((f) => f.type === 'msg' && JSON.stringify(f).includes('感谢你的反馈，我们会尽快核实'))
    const queue = await get<Paged<AdminReport>>('/admin/reports?status=open')
    expect(queue.data.rows.find((r) => r.id === first)).toMatchObject({ typeLabel: '骚扰辱骂', detail: '骚扰', images: [url], targetWtId: target.wtId, reporterWtId: reporter.wtId })
    expect((await admin<AdminReport>('/admin/reports/handle', { id: first, action: 'warn', message: '注意言行' })).data.status).toBe('warned')
    await ct.next((f) => f.type === 'msg' && JSON.stringify(f).includes('注意言行'))
    await cr.next((f) => f.type === 'msg' && JSON.stringify(f).includes('已对被举报方发出警告'))
    expect((await admin('/admin/reports/handle', { id: first, action: 'dismiss' })).code).toBe(409)
    const second = await file()
    await admin('/admin/reports/handle', { id: second, action: 'ban', banDays: 1 })
    expect((await ct.sendText(`C2C${reporter.wtId}`, 'hi')).code).toBe(20012)
    const third = await file()
    expect((await admin<AdminReport>('/admin/reports/handle', { id: third, action: 'dismiss' })).data.status).toBe('dismissed')
    await cr.next((f) => f.type === 'msg' && JSON.stringify(f).includes('暂未发现违规'))
    expect(messagesOf(cr.events()).filter((m) => m.from === 'wisperHelper').length).toBe(6)
    cr.close()
    ct.close()
  })

  it('an operator cannot decide a report against himself or a group he owns; the report stays open for another operator', async () => {
    const reporter = await registerUser(s, '举报运营者')
    const { url } = await uploadFile(s, reporter.token, PNG_1x1, 'a.png', 'image')
    const group = await makeGroup(s, operator, [], [reporter])
    const file = async (targetId: string, type: number) =>
      (await s.api<{ id: number }>('/api/complaint/add', { complaintDetail: '针对运营', complaintImage: url, complaintType: '3', targetId, type }, { token: reporter.token })).data.id
    const other = await registerUser(s, '另一位运营')
    await promote(storage.db, other.phone)
    for (const id of [await file(operator.wtId, 0), await file(group.groupNumber, 1)]) {
      for (const action of ['dismiss', 'warn', 'ban'])
        expect(await admin(`/admin/reports/handle`, { id, action, banDays: 1 }), action).toMatchObject({ status: 403, msg: '该举报针对你本人，请由其他管理员处理' })
      const open = (await get<Paged<AdminReport>>('/admin/reports?status=open')).data.rows.find((r) => r.id === id)
      expect(open?.status).toBe('open')
      expect((await admin<AdminReport>('/admin/reports/handle', { id, action: 'dismiss' }, other.token)).data.status).toBe('dismissed')
    }
  })

  it('a group robot is no account of the console: not found among users (the overview counts by the same rule)', async () => {
    const owner = await registerUser(s, '机器人群主')
    const group = await makeGroup(s, owner, [], [plain])
    const name = `统计机器人${owner.wtId.slice(-4)}`
    const added = await s.api<{ robot: { robotId: string } }>('/api/user/groupchat/robot/add', { groupNumber: group.groupNumber, name }, { token: owner.token })
    expect(added.code, added.msg).toBe(200)
    for (const keyword of [added.data.robot.robotId, name]) {
      const found = await get<Paged<AdminUserRow>>(`/admin/users?keyword=${encodeURIComponent(keyword)}&pageNum=1&pageSize=20`)
      expect(found.data, keyword).toEqual({ rows: [], total: 0 })
    }
    const everyone = await get<Paged<AdminUserRow>>('/admin/users?pageNum=1&pageSize=100')
    expect(everyone.data.rows.map((r) => r.wtId)).not.toContain(added.data.robot.robotId)
  })

  it('moderation lists edited live apply to the next message on every process', async () => {
    const a = await registerUser(s, '辛')
    const b = await registerUser(s, '壬')
    const word = `禁${randomUUID().slice(0, 6)}`
    const other = chatClient(s2, a.token)
    expect((await other.sendText(`C2C${b.wtId}`, `说${word}`)).type).toBe('ack')
    const lists = await admin<ModerationLists>('/admin/moderation/add', { kind: 'blocked', value: word })
    expect(lists.data.blocked).toContain(word)
    expect(lists.data.blocked).toContain('违禁词测试')
    const here = chatClient(s, a.token)
    expect(await here.sendText(`C2C${b.wtId}`, `说${word}`)).toMatchObject({ type: 'nack', code: 3123 })
    // The other process hears of the edit on the bus.
    await expect.poll(async () => (await other.sendText(`C2C${b.wtId}`, `说${word}`)).code, { timeout: 3000 }).toBe(3123)
    await admin('/admin/moderation/remove', { kind: 'blocked', value: word })
    await expect.poll(async () => (await other.sendText(`C2C${b.wtId}`, `说${word}`)).type, { timeout: 3000 }).toBe('ack')
    expect((await admin('/admin/moderation/add', { kind: 'image', value: 'abc' })).code).toBe(400)
    here.close()
    other.close()
  })

  it('helper FAQ and dictionaries are editable', async () => {
    const saved = await admin<{ id: number; keywords: string[] }>('/admin/helper/save', { question: '怎么注销？', replyMsg: '在设置里注销账号', keywords: ['注销'] })
    expect(saved.data.keywords).toEqual(['注销'])
    const faq = await s.api<Array<{ id: number }>>('/api/user/helperReply/list', undefined, { token: plain.token })
    expect(faq.data.map((q) => q.id)).toContain(saved.data.id)
    await admin('/admin/dict/save', { dictType: 'user_complaint_type', dictValue: '9', dictLabel: '冒充他人', dictSort: 9 })
    const dict = await s.api<Array<{ dictLabel: string }>>('/api/dict/data/getListByDictType', { dictType: 'user_complaint_type' }, { token: plain.token })
    expect(dict.data.map((d) => d.dictLabel)).toContain('冒充他人')
    await admin('/admin/dict/save', { dictType: 'web_media_switch', dictValue: '0', dictLabel: 'web_media_switch' })
    const sw = await s.api<Array<{ dictValue: string }>>('/api/dict/data/getListByDictType', { dictType: 'web_media_switch' }, { token: plain.token })
    expect(sw.data.map((d) => d.dictValue)).toEqual(['0'])
    await admin('/admin/dict/save', { dictType: 'web_media_switch', dictValue: '1', dictLabel: 'web_media_switch' })
    await admin('/admin/helper/delete', { id: saved.data.id })
  })

  it('deleting the own account: password checked, then 11016, no login, messages stay under 已注销用户', async () => {
    const a = await registerUser(s, '癸')
    const b = await registerUser(s, '子')
    const ca = chatClient(s, a.token)
    expect((await ca.sendText(`C2C${b.wtId}`, '留下的话')).type).toBe('ack')
    expect((await s.api('/api/user/account/delete', { pwd: 'wrong-one' }, { token: a.token })).msg).toBe('密码错误')
    expect((await s.api('/api/user/account/delete', { pwd: a.pwd }, { token: a.token })).code).toBe(200)
    expect(await ca.next((f) => f.type === -2)).toMatchObject({ msg: '该账号已注销' })
    expect((await s.api('/api/user/info', undefined, { token: a.token })).code).toBe(11016)
    expect((await s.api('/api/user/login/pwd', { phone: a.phone, pwd: a.pwd })).code).not.toBe(200)
    const history = await s.api<{ messages: Array<{ nick: string; payload: { text?: string } }> }>('/api/im/messages/history', { conversationID: `C2C${a.wtId}`, count: 20 }, { token: b.token })
    const kept = history.data.messages.find((m) => m.payload.text === '留下的话')
    expect(kept?.nick).toBe('已注销用户')
    const profile = await s.api('/api/user/friendInfo', { searchId: a.wtId }, { token: b.token })
    expect(JSON.stringify(profile.data)).toContain('"actionStatus":1')
    const row = (await get<Paged<AdminUserRow>>(`/admin/users?keyword=${a.wtId}`)).data.rows[0]
    expect(row).toMatchObject({ state: 'deleted', nickName: '已注销用户' })
    expect((await admin('/admin/users/restore', { wtId: a.wtId })).code).toBe(409)
  })

  it('the overview counts users, messages and connections', async () => {
    const o = await get<{ totalUsers: number; registered: Array<{ value: number }>; messages: Array<{ value: number }>; onlineConnections: number }>('/admin/overview?days=7')
    expect(o.data.totalUsers).toBeGreaterThan(10)
    expect(o.data.registered).toHaveLength(7)
    expect(o.data.registered.at(-1)!.value).toBeGreaterThan(10)
    expect(o.data.messages.at(-1)!.value).toBeGreaterThan(3)
    expect(o.data.onlineConnections).toBeGreaterThanOrEqual(0)
  })
})
