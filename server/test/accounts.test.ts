import { describe, expect, it } from 'vitest'
import type { LoginResult, UserConfig, UserInfo } from '../../types/auth.js'
import { BACKENDS, freshPhone, setupServers, type Storage, type TestServer } from './support/server.js'

describe.each(BACKENDS)('accounts on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  setupServers(backend, 1, (env) => {
    storage = env.storage
    s = env.servers[0]!
  })

  it('registers with a generated numeric ID and a default avatar, and is logged in', async () => {
    const phone = freshPhone()
    const res = await s.api<LoginResult>('/api/user/login/register', { phone, pwd: 'secret123', nickName: '小明' })
    expect(res.code).toBe(200)
    expect(res.data.wtId).toMatch(/^\d{8}$/)
    // One of the eight shared default pictures, not a URL per user.
    expect(res.data.avatar).toMatch(/^\/api\/avatar\/default\/p[0-7]\.svg$/)
    expect(res.data.token.length).toBeGreaterThanOrEqual(43)
    expect(res.data.imToken.startsWith(`${res.data.wtId}.`)).toBe(true)
    expect(res.data).toMatchObject({ nickName: '小明', vipType: 0, vipLevel: 0 })

    const info = await s.api<UserInfo>('/api/user/info', undefined, { token: res.data.token })
    expect(info.data).toMatchObject({ wtId: res.data.wtId, phone, nickName: '小明' })
    const avatar = await fetch(s.url + res.data.avatar)
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml')
  })

  it('rejects a duplicate phone with a clear message', async () => {
    const phone = freshPhone()
    await s.api('/api/user/login/register', { phone, pwd: 'secret123', nickName: 'a' })
    const again = await s.api('/api/user/login/register', { phone, pwd: 'other123', nickName: 'b' })
    expect(again.code).toBe(409)
    expect(again.msg).toBe('该手机号已注册，请直接登录')
  })

  it('logs in by phone and by ID; a wrong password is refused without saying which part was wrong', async () => {
    const phone = freshPhone()
    const reg = await s.api<LoginResult>('/api/user/login/register', { phone, pwd: 'secret123', nickName: 'c' })
    const byPhone = await s.api<LoginResult>('/api/user/login/pwd', { phone, pwd: 'secret123' })
    expect(byPhone.code).toBe(200)
    expect(byPhone.data.wtId).toBe(reg.data.wtId)
    const byId = await s.api<LoginResult>('/api/user/login/id', { wtId: reg.data.wtId, pwd: 'secret123' })
    expect(byId.code).toBe(200)
    expect(byId.data.token).not.toBe(byPhone.data.token)
    const wrong = await s.api('/api/user/login/pwd', { phone, pwd: 'nope-nope' })
    expect(wrong).toMatchObject({ code: 400, msg: '账号或密码错误', data: null })
    const unknown = await s.api('/api/user/login/id', { wtId: '99999999', pwd: 'secret123' })
    expect(unknown.msg).toBe('账号或密码错误')
  })

  it('answers malformed bodies with 400 naming the field, never 500', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['/api/user/login/pwd', { phone: '123', pwd: 'x' }, 'phone'],
      ['/api/user/login/pwd', { phone: '13800000001' }, 'pwd'],
      ['/api/user/login/id', { wtId: 'abc', pwd: 'x' }, 'wtId'],
      ['/api/user/login/register', { phone: freshPhone(), pwd: '1', nickName: 'x' }, 'pwd'],
      ['/api/user/login/register', { phone: freshPhone(), pwd: 'secret123', nickName: '' }, 'nickName'],
      ['/api/user/login/register', { phone: freshPhone(), pwd: 'secret123', nickName: 'x'.repeat(17) }, 'nickName'],
      ['/api/user/login/qrCode', { qrCode: 5 }, 'qrCode'],
      ['/api/user/login/step2pwd', { ticket: 'abcdefghij' }, 'lockPwd'],
      ['/api/user/login/step2pwd/tips', {}, 'ticket'],
      ['/api/user/login/pwd', [], '请求体'],
    ]
    for (const [path, body, field] of cases) {
      const res = await s.api(path, body)
      expect({ path, status: res.status, code: res.code }).toEqual({ path, status: 400, code: 400 })
      expect(res.msg.startsWith(`${field}:`)).toBe(true)
    }
    const notJson = await s.api('/api/user/login/pwd', '{"phone":', {})
    expect(notJson).toMatchObject({ code: 400, msg: '请求体不是合法的 JSON' })
    const noBody = await fetch(`${s.url}/api/user/login/pwd`, { method: 'POST' })
    expect(noBody.status).toBe(400)
    expect(((await noBody.json()) as { code: number }).code).toBe(400)
  })

  it('requires a token; logout revokes it and later calls answer 11012', async () => {
    expect((await s.api('/api/user/info')).code).toBe(401)
    expect((await s.api('/api/user/info', undefined, { token: 'not-a-real-token' })).code).toBe(11012)
    const phone = freshPhone()
    const { data } = await s.api<LoginResult>('/api/user/login/register', { phone, pwd: 'secret123', nickName: 'd' })
    const cfg = await s.api<UserConfig>('/api/user/userConfig/getInfo', undefined, { token: data.token })
    expect(cfg.data).toEqual({ phraseSwitch: 1, lockPwdEnabled: false, lockPwdTips: '', allowNotifications: true, showPreviews: false })
    expect((await s.api('/api/user/logout', {}, { token: data.token })).code).toBe(200)
    const after = await s.api('/api/user/info', undefined, { token: data.token })
    expect(after).toMatchObject({ code: 11012, msg: '登录状态已失效，请重新登录' })
  })

  it('stores tokens hashed and passwords with scrypt', async () => {
    const phone = freshPhone()
    const { data } = await s.api<LoginResult>('/api/user/login/register', { phone, pwd: 'secret123', nickName: 'e' })
    const { rows } = await storage.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE wt_id = $1', [data.wtId])
    expect(rows.map((r) => r.token_hash)).not.toContain(data.token)
    const user = await storage.db.query<{ pwd_hash: string }>('SELECT pwd_hash FROM users WHERE wt_id = $1', [data.wtId])
    expect(user.rows[0]!.pwd_hash).toMatch(/^scrypt\$32768\$8\$3\$/)
  })

  it('changing the password keeps this session and revokes the others', async () => {
    const phone = freshPhone()
    const a = await s.api<LoginResult>('/api/user/login/register', { phone, pwd: 'secret123', nickName: 'f' })
    const b = await s.api<LoginResult>('/api/user/login/pwd', { phone, pwd: 'secret123' })
    const wrongOld = await s.api('/api/user/security/password', { oldPwd: 'bad-old', newPwd: 'newsecret1' }, { token: a.data.token })
    expect(wrongOld).toMatchObject({ code: 400, msg: '登录密码错误' })
    expect((await s.api('/api/user/security/password', { oldPwd: 'secret123', newPwd: 'newsecret1' }, { token: a.data.token })).code).toBe(200)
    expect((await s.api('/api/user/info', undefined, { token: a.data.token })).code).toBe(200)
    expect((await s.api('/api/user/info', undefined, { token: b.data.token })).code).toBe(11012)
    expect((await s.api('/api/user/login/pwd', { phone, pwd: 'newsecret1' })).code).toBe(200)
  })

  it('serves the public site information', async () => {
    const res = await s.api<{ productName: string; footer: { registration: string } }>('/api/site/info')
    expect(res.code).toBe(200)
    expect(res.data.productName).toBe('微谈')
    expect(res.data.footer.registration.length).toBeGreaterThan(0)
    const missing = await s.api('/api/nothing/here')
    expect(missing).toMatchObject({ status: 404, code: 404, msg: '访问资源不存在' })
  })
})
