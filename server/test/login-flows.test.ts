import { describe, expect, it } from 'vitest'
import type { LoginResult, QrCodeResult, QrPollResult } from '../../types/auth.js'
import { BACKENDS, setupServers, type Storage, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

describe.each(BACKENDS)('two-factor and QR login on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  setupServers(backend, 1, (env) => {
    storage = env.storage
    s = env.servers[0]!
  })

  it('with a lock password, login answers 712 with a ticket; tips and step2pwd complete it once', async () => {
    const u = await registerUser(s)
    const wrongPwd = await s.api('/api/user/security/lockPwd', { pwd: 'wrong-pwd', lockPwd: 'lock1234', tips: '生日' }, { token: u.token })
    expect(wrongPwd).toMatchObject({ code: 400, msg: '登录密码错误' })
    const set = await s.api('/api/user/security/lockPwd', { pwd: u.pwd, lockPwd: 'lock1234', tips: '生日' }, { token: u.token })
    expect(set.code).toBe(200)
    const cfg = await s.api<{ lockPwdEnabled: boolean; lockPwdTips: string }>('/api/user/userConfig/getInfo', undefined, { token: u.token })
    expect(cfg.data).toMatchObject({ lockPwdEnabled: true, lockPwdTips: '生日' })

    const first = await s.api('/api/user/login/pwd', { phone: u.phone, pwd: u.pwd })
    expect(first.code).toBe(712)
    expect(first.status).toBe(200)
    expect(first.data).toBeNull()
    const ticket = first.msg
    expect(ticket.length).toBeGreaterThanOrEqual(32)

    const tips = await s.api<{ tips: string }>('/api/user/login/step2pwd/tips', { ticket })
    expect(tips.data.tips).toBe('生日')
    const bad = await s.api('/api/user/login/step2pwd', { ticket, lockPwd: 'nope-nope' })
    expect(bad).toMatchObject({ code: 400, msg: '锁密码错误' })
    const good = await s.api<LoginResult>('/api/user/login/step2pwd', { ticket, lockPwd: 'lock1234' })
    expect(good.code).toBe(200)
    expect(good.data.wtId).toBe(u.wtId)
    const reused = await s.api('/api/user/login/step2pwd', { ticket, lockPwd: 'lock1234' })
    expect(reused).toMatchObject({ code: 400, msg: '验证已过期，请重新登录' })

    const byId = await s.api('/api/user/login/id', { wtId: u.wtId, pwd: u.pwd })
    expect(byId.code).toBe(712)
  })

  it('an expired ticket is refused; clearing the lock password restores plain login', async () => {
    const u = await registerUser(s)
    await s.api('/api/user/security/lockPwd', { pwd: u.pwd, lockPwd: 'lock1234', tips: '' }, { token: u.token })
    const { msg: ticket } = await s.api('/api/user/login/pwd', { phone: u.phone, pwd: u.pwd })
    await storage.db.query(`UPDATE login_tickets SET expires_at = now() - interval '1 second' WHERE wt_id = $1`, [u.wtId])
    expect((await s.api('/api/user/login/step2pwd', { ticket, lockPwd: 'lock1234' })).msg).toBe('验证已过期，请重新登录')
    expect((await s.api('/api/user/login/step2pwd/tips', { ticket })).code).toBe(400)
    expect((await s.api('/api/user/security/lockPwd/clear', { pwd: u.pwd }, { token: u.token })).code).toBe(200)
    expect((await s.api('/api/user/login/pwd', { phone: u.phone, pwd: u.pwd })).code).toBe(200)
  })

  it('QR login: pending, scanned, confirmed by a logged-in device, then consumed exactly once', async () => {
    const u = await registerUser(s)
    const gen = await s.api<QrCodeResult>('/api/user/login/genQrCode', {})
    expect(gen.code).toBe(200)
    expect(gen.data.expiresIn).toBe(120)
    expect(gen.data.image.startsWith('data:image/svg+xml;base64,')).toBe(true)
    expect(gen.data.content).toContain(`qrLogin=${gen.data.qrCode}`)
    const qrCode = gen.data.qrCode

    expect((await s.api<QrPollResult>('/api/user/login/qrCode', { qrCode })).data).toEqual({ status: 'pending' })
    expect((await s.api('/api/user/login/qrCode/confirm', { qrCode })).code).toBe(401)
    expect((await s.api('/api/user/login/qrCode/scan', { qrCode }, { token: u.token })).code).toBe(200)
    expect((await s.api<QrPollResult>('/api/user/login/qrCode', { qrCode })).data).toEqual({ status: 'scanned' })
    expect((await s.api('/api/user/login/qrCode/confirm', { qrCode }, { token: u.token })).code).toBe(200)

    const done = await s.api<QrPollResult>('/api/user/login/qrCode', { qrCode })
    expect(done.data.status).toBe('confirmed')
    if (done.data.status !== 'confirmed') throw new Error('unreachable')
    expect(done.data.wtId).toBe(u.wtId)
    expect(done.data.token).not.toBe(u.token)
    expect((await s.api('/api/user/info', undefined, { token: done.data.token })).code).toBe(200)

    expect((await s.api<QrPollResult>('/api/user/login/qrCode', { qrCode })).data).toEqual({ status: 'expired' })
    const reconfirm = await s.api('/api/user/login/qrCode/confirm', { qrCode }, { token: u.token })
    expect(reconfirm).toMatchObject({ code: 400, msg: '二维码已过期，请在网页上刷新' })
  })

  it('QR codes expire and unknown ones are refused', async () => {
    const u = await registerUser(s)
    const { data } = await s.api<QrCodeResult>('/api/user/login/genQrCode', {})
    await storage.db.query(`UPDATE qr_logins SET expires_at = now() - interval '1 second' WHERE code = $1`, [data.qrCode])
    expect((await s.api<QrPollResult>('/api/user/login/qrCode', { qrCode: data.qrCode })).data).toEqual({ status: 'expired' })
    expect((await s.api('/api/user/login/qrCode/confirm', { qrCode: data.qrCode }, { token: u.token })).code).toBe(400)
    const unknown = await s.api('/api/user/login/qrCode', { qrCode: 'no-such-code-at-all' })
    expect(unknown).toMatchObject({ code: 400, msg: '二维码无效，请刷新' })
  })
})
