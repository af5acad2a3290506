import { describe, expect, it } from 'vitest'
import { UploadError } from '../../types/upload.js'
import { dispositionHeader } from '../src/http/attachment.js'
import { GROUP_AVATAR_NOT_OWN_IMAGE_TEXT, POSTER_NOT_UPLOADED_TEXT } from '../src/domain/ownImages.js'
import { makeGroup } from './support/groups.js'
import type { LoginResult } from '../../types/auth.js'
import { WsClose } from '../../types/ws.js'
import { applyAdminPhones } from '../src/data/adminPhones.js'
import { FRAME_FLOOD_TEXT } from '../src/realtime/frameBuckets.js'
import { chatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { BACKENDS, freshPhone, openSocket, setupServers, startServer, type Storage, type TestServer } from './support/server.js'
import { PNG_1x1, uploadFile } from './support/uploads.js'
import { registerUser } from './support/users.js'

const FOREIGN = 'http://203.0.113.9/p.png'

/** The second security review's findings; each test fails on the code before its fix. */
describe.each(BACKENDS)('security, second pass, on %s', (backend) => {
  let s: TestServer
  let storage: Storage
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
    storage = env.storage
  })

  it('1: group avatars and favorites’ posters are pictures uploaded here, on create and on edit', async () => {
    const [owner, member, other] = [await registerUser(s, 'o'), await registerUser(s, 'm'), await registerUser(s, 'x')]
    const create = (groupAvatar: string) => s.api('/api/user/groupchat/add', { groupName: 'gav', groupAvatar, wtIds: [member.wtId] }, { token: owner.token })
    expect(await create(FOREIGN)).toMatchObject({ status: 400, msg: GROUP_AVATAR_NOT_OWN_IMAGE_TEXT })
    const othersPicture = await uploadFile(s, other.token, PNG_1x1, 'o.png', 'image')
    expect(await create(othersPicture.url)).toMatchObject({ status: 400, msg: GROUP_AVATAR_NOT_OWN_IMAGE_TEXT })
    const pdf = await uploadFile(s, owner.token, Buffer.from('%PDF-1.4 x'), 'a.pdf')
    expect(await create(pdf.url)).toMatchObject({ status: 400, msg: GROUP_AVATAR_NOT_OWN_IMAGE_TEXT })
    const own = await uploadFile(s, owner.token, PNG_1x1, 'g.png', 'image')
    const created = await create(`${s.url}${own.url}`)
    expect(created.code, created.msg).toBe(200)
    const { groupNumber } = created.data as { groupNumber: string }

    const edit = (groupAvatar: string) => s.api('/api/user/groupchat/edit', { groupNumber, groupAvatar }, { token: owner.token })
    expect(await edit(FOREIGN)).toMatchObject({ status: 400, msg: GROUP_AVATAR_NOT_OWN_IMAGE_TEXT })
    expect((await edit(own.url)).code).toBe(200)
    const info = await s.api<{ groupAvatar: string }>('/api/user/groupchat/getInfoById', { groupNumber }, { token: member.token })
    expect(info.data.groupAvatar).toBe(own.url)
    expect((await edit('')).code).toBe(200)
    await makeGroup(s, owner, [], [member])

    const favorite = (videoImageAddress: string) =>
      s.api('/api/user/collection/add', { contentType: 3, videoUuid: own.url, videoImageAddress }, { token: member.token })
    expect(await favorite(FOREIGN)).toMatchObject({ status: 400, msg: POSTER_NOT_UPLOADED_TEXT })
    expect((await favorite(own.url)).code).toBe(200)
  })

  it('7: only the kinds the product shows may be uploaded; anything else is refused with 4005', async () => {
    const u = await registerUser(s, 'f')
    const send = async (name: string, bytes = Buffer.from('hello')) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(bytes)]), name)
      const res = await fetch(`${s.url}/api/oss/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${u.token}` } })
      return (await res.json()) as { code: number; msg: string }
    }
    for (const name of ['a.psm1', 'a.apk', 'a.dmg', 'a.html', 'a.svg', 'noextension', 'a.exe', 'a.pdf.exe.']) {
      expect(await send(name), name).toEqual({ code: UploadError.BannedFile.code, msg: UploadError.BannedFile.msg, data: null })
    }
    for (const name of ['a.pdf', 'b.docx', 'c.zip', 'd.mp3', 'e.mp4', 'f.webm', 'g.txt', 'h.PNG', '报告.xlsx']) {
      expect((await send(name)).code, name).toBe(200)
    }
    expect((await send('a.zip', Buffer.from('MZ\x90\x00'))).code).toBe(UploadError.BannedFile.code)
  })

  it('8: a burst of logins with the right password all get in: none is refused for failures it did not make', async () => {
    const u = await registerUser(s, 'l')
    const answers = await Promise.all(Array.from({ length: 12 }, () => s.api('/api/user/login/pwd', { phone: u.phone, pwd: u.pwd }, { headers: { 'x-forwarded-for': '10.60.0.9' } })))
    expect(answers.map((a) => a.msg).filter((m) => m !== '登录成功')).toEqual([])
  })

  it('3: ADMIN_PHONES makes an operator only of the account holding the phone at start-up, never of a later one', async () => {
    const holder = await registerUser(s, 'h')
    const unregistered = freshPhone()
    const listing = await startServer(storage, { adminPhones: [holder.phone, unregistered] })
    try {
      const me = (token: string) => listing.api('/api/admin/me', undefined, { token })
      expect((await me(holder.token)).code).toBe(200)
      const claimer = await listing.api<LoginResult>('/api/user/login/register', { phone: unregistered, pwd: 'secret123', nickName: 'c' })
      expect(claimer.code).toBe(200)
      expect((await me(claimer.data.token)).status).toBe(403)

      expect((await listing.api('/api/user/account/delete', { pwd: holder.pwd }, { token: holder.token })).code).toBe(200)
      const again = await listing.api<LoginResult>('/api/user/login/register', { phone: holder.phone, pwd: 'secret123', nickName: 'again' })
      expect(again.code).toBe(200)
      expect((await me(again.data.token)).status).toBe(403)
      // Nor at a later start with the same list.
      expect(await applyAdminPhones(storage.db, [holder.phone, unregistered])).toEqual({ granted: [], unclaimed: [unregistered] })
      expect((await me(again.data.token)).status).toBe(403)
      expect((await me(claimer.data.token)).status).toBe(403)
    } finally {
      await listing.close()
    }
  })

  it('5: every answer is in the envelope: 404, 413, 414, 415 and 431 from the router and from Node', async () => {
    const envelope = async (res: Response) => ({ status: res.status, body: (await res.json()) as { code: number; data: unknown } })
    for (const path of ['/nothing-here.png', '/api/nothing', '/ws-not']) {
      expect(await envelope(await fetch(`${s.url}${path}`)), path).toMatchObject({ status: 404, body: { code: 404, data: null } })
    }
    const big = await fetch(`${s.url}/api/user/login/pwd`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"phone":"${'1'.repeat(1_100_000)}"}` })
    expect(await envelope(big)).toMatchObject({ status: 413, body: { code: 413, data: null } })
    expect(await envelope(await fetch(`${s.url}/api/oss/file/${'a'.repeat(2000)}`))).toMatchObject({ status: 414, body: { code: 414 } })
    const xml = await fetch(`${s.url}/api/user/login/pwd`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<a/>' })
    expect(await envelope(xml)).toMatchObject({ status: 415, body: { code: 415, data: null } })
    const longUrl = await fetch(`${s.url}/api/user/friendBlack/list?a=${'1'.repeat(17_000)}`)
    expect(await envelope(longUrl)).toEqual({ status: 431, body: { code: 431, msg: '请求头过大', data: null } })
    const longHeader = await fetch(`${s.url}/api/site/info`, { headers: { 'x-padding': 'p'.repeat(17_000) } })
    expect(await envelope(longHeader)).toMatchObject({ status: 431, body: { code: 431 } })
  })

  it('4: a file name reaches Content-Disposition encoded (RFC 6266), whatever it holds', async () => {
    const u = await registerUser(s, 'd')
    const up = await uploadFile(s, u.token, Buffer.from('x'), '季度报告\u2028.pdf')
    const res = await fetch(`${s.url}${up.url}?download=1`, { headers: { authorization: `Bearer ${u.token}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="?????.pdf"; filename*=UTF-8''%E5%AD%A3%E5%BA%A6%E6%8A%A5%E5%91%8A%E2%80%A8.pdf`)
    expect(dispositionHeader('a"b\r\nSet-Cookie: x.csv')).toBe(`attachment; filename="a\\"b??Set-Cookie: x.csv"; filename*=UTF-8''a%22b%0D%0ASet-Cookie%3A%20x.csv`)
  })
})

/** Addresses of this run only: with Redis the limiter's counts outlive the test. */
const runAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
const LIMITED = /^操作过于频繁，请\d+秒后再试$/

describe.each(BACKENDS)('limits of the second pass on %s', (backend) => {
  const redisUrl = backend === 'postgres' ? (process.env.TEST_REDIS_URL ?? null) : null
  // With Redis, two processes: the account's budget and the address limits hold across them.
  const count = redisUrl ? 2 : 1
  let servers: TestServer[]
  const tight = { burst: 4, perSecond: 0.01 }
  setupServers(
    backend,
    count,
    (env) => {
      servers = env.servers
    },
    {
      redisUrl,
      rateLimits: { apiPerMinute: 30, registerPerHour: 1e6, loginPerMinute: 1e6, friendApplyPerHour: 1e6, uploadPerHour: 1e6, uploadBytesPerHour: 1e15, qrCodesPerMinute: 3, codeExchangesPerMinute: 1e6 },
      socketLimits: { send: tight, typing: tight, read: tight, call: tight },
      accountFrameFactor: 2,
      socketsPerAccount: 3,
    },
  )
  const at = (i: number) => servers[i % servers.length]!

  it('2: made-up tokens count against the address, as requests without one do; a verified session has its own budget', async () => {
    const address = runAddress()
    const from = (token?: string) => ({ token, headers: { 'x-forwarded-for': address } })
    const u = await registerUser(at(0), 'v')
    expect((await at(0).api('/api/user/info', undefined, from(u.token))).code).toBe(200)
    const answers = []
    for (let i = 0; i < 40; i++) answers.push(await at(i).api('/api/site/info', undefined, from(`fake${i}-${Math.random()}`)))
    expect(answers.filter((a) => a.code === 429).length).toBeGreaterThan(5)
    expect(answers.find((a) => a.code === 429)?.msg).toMatch(LIMITED)
    expect((await at(0).api('/api/user/info', undefined, from(u.token))).code).toBe(200)
  })

  it('2: login QR codes have their own limit per address', async () => {
    const address = runAddress()
    const codes = []
    for (let i = 0; i < 4; i++) codes.push(await at(i).api('/api/user/login/genQrCode', {}, { headers: { 'x-forwarded-for': address } }))
    expect(codes.map((c) => c.code)).toEqual([200, 200, 200, 429])
  })

  it('6: send and typing budgets are the account’s over all its sockets (and processes); the oldest of too many sockets is closed with 4409', async () => {
    const [a, b] = [await registerUser(at(0), 'a'), await registerUser(at(0), 'b')]
    await befriend(at(0), a, b)
    const sockets = [0, 1, 2].map((i) => chatClient(at(i), a.token))
    // Each socket stays within its own 4; together they pass the account's 8.
    const answers = await Promise.all(sockets.flatMap((c) => Array.from({ length: 4 }, (_, i) => c.sendText(`C2C${b.wtId}`, `m${i}`))))
    expect(answers.filter((f) => f.type === 'ack')).toHaveLength(8)
    expect(answers.filter((f) => f.type === 'nack').map((f) => f.msg)).toEqual(Array(4).fill(FRAME_FLOOD_TEXT))

    // One after another: the oldest is the first registered, and three opened at once may
    // finish their handshakes in any order on a busy machine.
    const bSockets = []
    for (let i = 0; i < 3; i++) {
      const p = openSocket(`${at(0).wsUrl}/ws/${b.token}`)
      await p.next((f) => f.type === 'hello')
      bSockets.push(p)
    }
    const fourth = bSockets[0]!
    const newest = openSocket(`${at(0).wsUrl}/ws/${b.token}`)
    await newest.next((f) => f.type === 'hello')
    expect(await fourth.closed).toMatchObject({ code: WsClose.TooManySockets })
    for (const c of [...sockets.map((c) => c.probe), ...bSockets, newest]) c.ws.close()
  })
})
