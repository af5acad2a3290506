import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import { CONTROL_CHAR_TEXT } from '../../types/text.js'
import { FOREIGN_MEDIA_TEXT, UploadError } from '../../types/upload.js'
import { effectiveExtension, isBannedFile } from '../src/domain/files.js'
import { THROTTLE } from '../src/domain/throttle.js'
import { chatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { BACKENDS, freshPhone, setupServers, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

const WRONG = '账号或密码错误'
const THROTTLED = /^登录失败次数过多，请\d+分钟后再试$/
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } })

/** One test per finding of the security review; each fails on the code before the fixes. */
describe.each(BACKENDS)('security findings on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
  })

  async function registerAt(address: string, nick = 'u') {
    const phone = freshPhone()
    const r = await s.api<LoginResult>('/api/user/login/register', { phone, pwd: 'secret123', nickName: nick }, from(address))
    expect(r.code).toBe(200)
    return { phone, ...r.data }
  }

  it('1: a parallel burst of wrong passwords reaches the password check no more often than the limit', async () => {
    const { phone } = await registerAt('10.20.0.1')
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => s.api('/api/user/login/pwd', { phone, pwd: 'wrong-pwd' }, from('10.20.0.2'))),
    )
    const checked = answers.filter((a) => a.msg === WRONG).length
    const refused = answers.filter((a) => a.code === 429)
    expect(checked).toBeLessThanOrEqual(THROTTLE.perPair)
    expect(checked + refused.length).toBe(30)
    for (const r of refused) expect(r.msg).toMatch(THROTTLED)
  })

  it('2: NUL and other control characters answer 400 naming the field, on routes and in file names', async () => {
    const u = await registerUser(s, 'n')
    const register = await s.api('/api/user/login/register', { phone: freshPhone(), pwd: 'secret123', nickName: 'a\u0000b' })
    expect(register).toMatchObject({ status: 400, code: 400, msg: `nickName: ${CONTROL_CHAR_TEXT}` })
    const login = await s.api('/api/user/login/pwd', { phone: u.phone, pwd: 'x\u0000' })
    expect(login).toMatchObject({ status: 400, msg: `pwd: ${CONTROL_CHAR_TEXT}` })
    const search = await s.api('/api/user/searchById', { searchId: '1\u0000' }, { token: u.token })
    expect(search.status).toBe(400)
    expect(search.msg).toContain(CONTROL_CHAR_TEXT)
    const path = await s.api(`/api/oss/file/abc%00def`, undefined, { token: u.token })
    expect(path).toMatchObject({ status: 400, msg: `id: ${CONTROL_CHAR_TEXT}` })

    const form = new FormData()
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'a\u0000b.txt')
    const res = await fetch(`${s.url}/api/oss/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${u.token}` } })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { msg: string }).msg).toBe(`file: ${CONTROL_CHAR_TEXT}`)
  })

  it('2: a chat message with a NUL is nacked at once (400), and the socket keeps working', async () => {
    const a = await registerUser(s, 'a')
    const b = await registerUser(s, 'b')
    const ca = chatClient(s, a.token)
    const clientMsgId = randomUUID()
    const nack = await ca.send({ clientMsgId, conversationID: `C2C${b.wtId}`, type: 'TIMTextElem', payload: { text: 'hi\u0000there' } })
    expect(nack).toMatchObject({ type: 'nack', clientMsgId, code: 400, msg: `payload.text: ${CONTROL_CHAR_TEXT}` })
    ca.probe.ws.send(JSON.stringify({ type: 'ping', ts: 3 }))
    await ca.next((f) => f.type === 'pong' && f.ts === 3)
    ca.close()
  })

  it('3: strangers’ failures do not lock the owner out: another address logs in, and so does a usual address', async () => {
    const { phone } = await registerAt('10.30.0.1')
    for (let i = 0; i < THROTTLE.perPair + 3; i++) await s.api('/api/user/login/pwd', { phone, pwd: 'wrong-pwd' }, from('10.30.0.66'))
    const attacker = await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, from('10.30.0.66'))
    expect(attacker.code).toBe(429)
    expect(attacker.msg).toMatch(THROTTLED)
    expect((await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, from('10.30.0.2'))).code).toBe(200)

    // One address failing on many accounts: an account that has logged in from there before still can.
    const owner = await registerAt('10.31.0.1')
    for (let i = 0; i < 25; i++) await s.api('/api/user/login/pwd', { phone: freshPhone(), pwd: 'whatever1' }, from('10.31.0.1'))
    expect((await s.api('/api/user/login/pwd', { phone: owner.phone, pwd: 'secret123' }, from('10.31.0.1'))).code).toBe(200)
  })

  it('3: the delay grows with each blocked streak and is named in minutes', async () => {
    const { phone } = await registerAt('10.32.0.1')
    for (let i = 0; i < THROTTLE.perPair; i++) await s.api('/api/user/login/pwd', { phone, pwd: 'wrong-pwd' }, from('10.32.0.9'))
    const r = await s.api('/api/user/login/pwd', { phone, pwd: 'wrong-pwd' }, from('10.32.0.9'))
    expect(r.msg).toBe(`登录失败次数过多，请${THROTTLE.firstDelaySeconds / 60}分钟后再试`)
  })

  it('4: image, video, audio and file messages may only point at this server’s uploads', async () => {
    const a = await registerUser(s, 'a')
    const b = await registerUser(s, 'b')
    await befriend(s, a, b)
    const ca = chatClient(s, a.token)
    const conversationID = `C2C${b.wtId}`
    const image = (url: string) => ca.send({ clientMsgId: randomUUID(), conversationID, type: 'TIMImageElem', payload: { url, width: 1, height: 1, size: 1, format: 'png' } })
    for (const url of ['https://tracker.example/pixel.png', 'javascript:alert(1)', '//evil.example/a.png', '/api/oss/file/../../user/info', '/api/oss/file/abc?x=1']) {
      expect(await image(url)).toMatchObject({ type: 'nack', code: 400, msg: `payload.url: ${FOREIGN_MEDIA_TEXT}` })
    }
    const video = await ca.send({ clientMsgId: randomUUID(), conversationID, type: 'TIMVideoFileElem', payload: { videoUrl: '/api/oss/file/v1', snapshotUrl: 'https://x.example/s.jpg', videoSecond: 1, videoSize: 1 } })
    expect(video).toMatchObject({ type: 'nack', msg: `payload.snapshotUrl: ${FOREIGN_MEDIA_TEXT}` })
    const file = await ca.send({ clientMsgId: randomUUID(), conversationID, type: 'TIMFileElem', payload: { fileUrl: 'http://x.example/f', fileName: 'f.pdf', fileSize: 1 } })
    expect(file).toMatchObject({ type: 'nack', msg: `payload.fileUrl: ${FOREIGN_MEDIA_TEXT}` })
    expect((await image('/api/oss/file/abcdefabcdefabcdef')).type).toBe('ack')
    ca.close()
  })

  it('5: login by phone and by ID share one failure count', async () => {
    const u = await registerAt('10.50.0.1')
    const half = Math.ceil(THROTTLE.perPair / 2)
    for (let i = 0; i < half; i++) expect((await s.api('/api/user/login/pwd', { phone: u.phone, pwd: 'wrong-pwd' }, from('10.50.0.2'))).msg).toBe(WRONG)
    for (let i = half; i < THROTTLE.perPair; i++) expect((await s.api('/api/user/login/id', { wtId: u.wtId, pwd: 'wrong-pwd' }, from('10.50.0.2'))).msg).toBe(WRONG)
    expect((await s.api('/api/user/login/id', { wtId: u.wtId, pwd: 'secret123' }, from('10.50.0.2'))).code).toBe(429)
    expect((await s.api('/api/user/login/pwd', { phone: u.phone, pwd: 'secret123' }, from('10.50.0.2'))).code).toBe(429)
  })

  it('6: the executable ban sees through trailing dots and spaces, case and streams, and knows the script types', async () => {
    const u = await registerUser(s, 'f')
    for (const name of ['run.EXE.', 'run.bat.', 'run.exe ', 'run.exe. . ', 'run.exe::$DATA', 'a.hta', 'a.vbe', 'a.wsf', 'a.lnk', 'a.reg', 'a.msc', 'a.cpl']) {
      const form = new FormData()
      form.append('file', new Blob([new TextEncoder().encode('echo hi')]), name)
      const res = await fetch(`${s.url}/api/oss/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${u.token}` } })
      expect((await res.json()) as object, name).toMatchObject({ code: UploadError.BannedFile.code })
    }
    expect(isBannedFile('report.exe.txt', Buffer.from('text'))).toBe(false)
    expect(effectiveExtension('Report.PDF. ')).toBe('pdf')
  })

  it('7: an over-long path parameter and a malformed path answer in the envelope', async () => {
    const long = await fetch(`${s.url}/api/oss/file/${'a'.repeat(2000)}`)
    expect(long.status).toBe(414)
    expect(await long.json()).toEqual({ code: 414, msg: '请求地址过长', data: null })
    const bad = await fetch(`${s.url}/api/avatar/default/%zz`)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ code: 400, msg: '请求地址不正确', data: null })
  })
})
