import { createHash, createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CALLBACK_HEADERS, ROBOT_CALLBACK_REFUSED_TEXT, type RobotList, type RobotSecrets, type WeComAnswer, type WeComUploadAnswer } from '../../types/bots.js'
import type { Message } from '../../types/chat.js'
import type { Paged } from '../../types/envelope.js'
import type { GroupMemberCount } from '../../types/group.js'
import { AT_ALL_TAG } from '../../types/messageOps.js'
import { promote } from '../src/app/admin/role.js'
import { chatClient, messagesOf, type ChatClient } from './support/chat.js'
import { makeGroup, type TestGroup } from './support/groups.js'
import { BACKENDS, freshPhone, setupServers, startServer, type Storage, type TestServer } from './support/server.js'
import { PNG_1x1, uploadFile } from './support/uploads.js'
import { registerUser, type TestUser } from './support/users.js'

const R = '/api/user/groupchat/robot/'
const BOT_SETTINGS = { callbackAllow: ['127.0.0.1/32'], postsPerMinute: 20, addressPerMinute: 600 }

/** A stand-in outgoing robot: records each request and answers what the test says. */
function standIn(answer: (body: Record<string, unknown>) => { status?: number; body?: unknown; delayMs?: number }) {
  const seen: Array<{ headers: http.IncomingHttpHeaders; raw: string }> = []
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      seen.push({ headers: req.headers, raw })
      const a = answer(JSON.parse(raw) as Record<string, unknown>)
      const send = () => {
        if (res.destroyed) return
        res.writeHead(a.status ?? 200, { 'content-type': 'application/json' })
        res.end(a.body === undefined ? '' : JSON.stringify(a.body))
      }
      if (a.delayMs) setTimeout(send, a.delayMs)
      else send()
    })
  })
  return {
    seen,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

describe.each(BACKENDS)('group robots (%s)', (backend) => {
  let s: TestServer
  let storage: Storage
  const operatorPhone = freshPhone()
  setupServers(
    backend,
    1,
    (env) => {
      s = env.servers[0]!
      storage = env.storage
    },
    { bots: BOT_SETTINGS },
  )

  let owner: TestUser, admin: TestUser, member: TestUser, g: TestGroup
  let memberChat: ChatClient

  const add = async (who: TestUser, body: Record<string, unknown> = {}) => s.api<RobotSecrets>(`${R}add`, { groupNumber: g.groupNumber, name: '告警助手', description: '线上告警', ...body }, { token: who.token })
  const post = async (url: string, body: unknown) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })
    expect(res.status).toBe(200)
    return (await res.json()) as WeComAnswer
  }
  const history = async (who: TestUser) =>
    (await s.api<{ messages: Message[] }>('/api/im/messages/history', { conversationID: g.conversationID }, { token: who.token })).data.messages

  // A group whose owner and administrator manage robots, and a member watching its messages.
  beforeAll(async () => {
    owner = await registerUser(s, '张三')
    admin = await registerUser(s, '李四')
    member = await registerUser(s, '王五')
    g = await makeGroup(s, owner, [admin], [member])
    memberChat = chatClient(s, member.token)
    await memberChat.ready
  })
  afterAll(() => memberChat?.close())

  it('adds a robot: the address once, the key hashed, a tip for everyone, and members cannot add', async () => {
    expect((await add(member)).status).toBe(403)
    const added = await add(owner)
    expect(added.code, added.msg).toBe(200)
    const key = new URL(added.data.webhookUrl).searchParams.get('key')!
    expect(key.replace(/-/g, '')).toMatch(/^[0-9a-f]{32}$/)
    const { rows } = await storage.db.query<{ key_hash: string }>('SELECT key_hash FROM group_bots WHERE bot_id = $1', [added.data.robot.robotId])
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(key).digest('hex'))
    const tip = await memberChat.next((f) => f.type === 'msg' && (f.message as Message).type === 'TIMGroupTipElem')
    expect((tip.message as Message).payload).toMatchObject({ operatorID: owner.wtId, newGroupProfile: { robot: { action: 'add', name: '告警助手' } } })
    const asMember = await s.api<RobotList>(`${R}list`, { groupNumber: g.groupNumber }, { token: member.token })
    expect(asMember.data.canManage).toBe(false)
    expect(asMember.data.robots[0]).not.toHaveProperty('callbackUrl')
    const audit = await storage.db.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1', [added.data.robot.robotId])
    expect(audit.rows.map((r) => r.action)).toEqual(['robot.add'])
  })

  it('posts every message type as the robot, and the members receive and keep them', async () => {
    const { data } = await add(admin, { name: '构建机器人' })
    const robotId = data.robot.robotId
    const hook = data.webhookUrl
    const at = (m: Record<string, unknown>) => memberChat.next((f) => f.type === 'msg' && (f.message as Message).from === robotId && JSON.stringify((f.message as Message).payload).includes(String(m.marker)))

    expect(await post(hook, { msgtype: 'text', text: { content: '构建失败 T1', mentioned_list: [member.wtId, '@all'], mentioned_mobile_list: [admin.phone] } })).toEqual({ errcode: 0, errmsg: 'ok' })
    const text = (await at({ marker: '构建失败 T1' })).message as Message
    expect(text).toMatchObject({ type: 'TIMTextElem', nick: '构建机器人', conversationID: g.conversationID, payload: { text: '构建失败 T1' } })
    expect(text.atUserList.sort()).toEqual([AT_ALL_TAG, member.wtId, admin.wtId].sort())

    expect((await post(hook, { msgtype: 'markdown', markdown: { content: '# 告警 M1\n<font color="warning">CPU 95%</font>' } })).errcode).toBe(0)
    const md = (await at({ marker: 'M1' })).message as Message
    expect(md.type).toBe('TIMCustomElem')
    expect(JSON.parse(String(md.payload.data))).toEqual({ type: 'RobotMarkdown', content: '# 告警 M1\n<font color="warning">CPU 95%</font>' })

    const own = await uploadFile(s, owner.token, PNG_1x1, 'p.png', 'image')
    const news = { msgtype: 'news', news: { articles: [{ title: '周报 N1', description: '本周', url: 'https://example.com/r', picurl: 'https://tracker.example/p.png' }, { title: '二', url: 'https://example.com/2', picurl: own.url }] } }
    expect((await post(hook, news)).errcode).toBe(0)
    const newsMsg = (await at({ marker: 'N1' })).message as Message
    const articles = (JSON.parse(String(newsMsg.payload.data)) as { articles: Array<{ picurl: string }> }).articles
    expect(articles.map((a) => a.picurl)).toEqual(['', own.url])

    const md5 = createHash('md5').update(PNG_1x1).digest('hex')
    expect((await post(hook, { msgtype: 'image', image: { base64: PNG_1x1.toString('base64'), md5 } })).errcode).toBe(0)
    const image = (await memberChat.next((f) => f.type === 'msg' && (f.message as Message).type === 'TIMImageElem')).message as Message
    expect(image.payload).toMatchObject({ width: 1, height: 1, format: 'png', size: PNG_1x1.length })
    const file = await fetch(`${s.url}${String(image.payload.url)}?t=${member.token}`)
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1x1)).toBe(true)
    expect(await post(hook, { msgtype: 'image', image: { base64: PNG_1x1.toString('base64'), md5: '0'.repeat(32) } })).toMatchObject({ errcode: 40009 })
    expect(await post(hook, { msgtype: 'image', image: { base64: Buffer.from('GIF89a-not-png').toString('base64'), md5: createHash('md5').update('GIF89a-not-png').digest('hex') } })).toMatchObject({ errcode: 40009 })

    const key = new URL(hook).searchParams.get('key')!
    const form = new FormData()
    form.append('media', new Blob([new TextEncoder().encode('日志内容 report')]), 'build.log')
    const up = (await (await fetch(`${s.url}/api/webhook/upload_media?key=${key}&type=file`, { method: 'POST', body: form })).json()) as WeComUploadAnswer
    expect(up).toMatchObject({ errcode: 0, errmsg: 'ok', type: 'file' })
    expect((await post(hook, { msgtype: 'file', file: { media_id: up.media_id } })).errcode).toBe(0)
    const fileMsg = (await memberChat.next((f) => f.type === 'msg' && (f.message as Message).type === 'TIMFileElem')).message as Message
    expect(fileMsg.payload).toMatchObject({ fileName: 'build.log' })
    expect(await post(hook, { msgtype: 'file', file: { media_id: 'nope' } })).toMatchObject({ errcode: 40007 })
    const wrongType = new FormData()
    wrongType.append('media', new Blob(['x'.repeat(10)]), 'a.txt')
    expect(await (await fetch(`${s.url}/api/webhook/upload_media?key=${key}&type=voice`, { method: 'POST', body: wrongType })).json()).toMatchObject({ errcode: 40008 })

    // Stored as any group message: in the history, in order, with the robot as sender.
    const kept = (await history(member)).filter((m) => m.from === robotId)
    expect(kept.map((m) => m.type)).toEqual(['TIMTextElem', 'TIMCustomElem', 'TIMCustomElem', 'TIMImageElem', 'TIMFileElem'])
    const found = await s.api<{ messages: Message[] }>('/api/im/messages/search', { conversationID: g.conversationID, keyword: '构建失败' }, { token: member.token })
    expect(found.data.messages.some((m) => m.from === robotId)).toBe(true)

    // A member forwards the robot's post like any message: the copy is the member's.
    const fw = await s.api<{ results: Array<{ sent: number }> }>('/api/im/message/forward', { conversationID: g.conversationID, sequences: [text.sequence], targets: [g.conversationID] }, { token: member.token })
    expect(fw.data.results[0]!.sent).toBe(1)
    const copy = (await memberChat.next((f) => f.type === 'msg' && (f.message as Message).from === member.wtId && (f.message as Message).payload.text === '构建失败 T1')).message as Message
    expect(copy.conversationID).toBe(g.conversationID)
  })

  it("answers WeCom's error codes for bad keys and bad bodies", async () => {
    const { data } = await add(owner, { name: '校验' })
    const hook = data.webhookUrl
    expect(await post(`${s.url}/api/webhook/send`, { msgtype: 'text', text: { content: 'x' } })).toMatchObject({ errcode: 93000 })
    expect(await post(`${s.url}/api/webhook/send?key=00000000-0000-0000-0000-000000000000`, { msgtype: 'text', text: { content: 'x' } })).toMatchObject({ errcode: 93000 })
    expect(await post(hook, { msgtype: 'voice', voice: {} })).toMatchObject({ errcode: 40008 })
    expect(await post(hook, { msgtype: 'text', text: { content: '  ' } })).toMatchObject({ errcode: 44004 })
    expect(await post(hook, { msgtype: 'text', text: { content: '字'.repeat(683) } })).toMatchObject({ errcode: 40058, errmsg: 'text.content exceed max length 2048' })
    expect((await post(hook, { msgtype: 'text', text: { content: '字'.repeat(682) } })).errcode).toBe(0)
    expect(await post(hook, { msgtype: 'markdown', markdown: { content: 'a'.repeat(4097) } })).toMatchObject({ errcode: 40058 })
    const article = { title: 't', url: 'https://example.com' }
    expect(await post(hook, { msgtype: 'news', news: { articles: Array.from({ length: 9 }, () => article) } })).toMatchObject({ errcode: 40058 })
    expect(await post(hook, { msgtype: 'news', news: { articles: [{ title: 't', url: 'javascript:alert(1)' }] } })).toMatchObject({ errcode: 40058 })
    expect(await post(hook, '{"msgtype": "text",')).toMatchObject({ errcode: 40058 })
  })

  it('regenerating the key stops the old address at once', async () => {
    const { data } = await add(owner, { name: '重置' })
    const again = await s.api<RobotSecrets>(`${R}regenerate`, { groupNumber: g.groupNumber, robotId: data.robot.robotId }, { token: admin.token })
    expect(again.code).toBe(200)
    expect(await post(data.webhookUrl, { msgtype: 'text', text: { content: 'old' } })).toMatchObject({ errcode: 93000 })
    expect(await post(again.data.webhookUrl, { msgtype: 'text', text: { content: 'new' } })).toEqual({ errcode: 0, errmsg: 'ok' })
  })

  it('allows 20 posts a minute per robot (45009 after), outside the session and the API limit', async () => {
    const { data } = await add(owner, { name: '限流' })
    const answers = []
    for (let i = 0; i < 21; i++) answers.push((await post(data.webhookUrl, { msgtype: 'text', text: { content: `n${i}` } })).errcode)
    expect(answers.slice(0, 20).every((c) => c === 0)).toBe(true)
    expect(answers[20]).toBe(45009)
    // Another robot's budget is its own.
    const other = await add(owner, { name: '另一个' })
    expect((await post(other.data.webhookUrl, { msgtype: 'text', text: { content: 'ok' } })).errcode).toBe(0)
  })

  it('limits requests per client address whatever the key, counted across server processes', async () => {
    const strict = await startServer(storage, { bots: { callbackAllow: [], postsPerMinute: 20, addressPerMinute: 3 } })
    try {
      const guess = { msgtype: 'text', text: { content: 'x' } }
      const answers = []
      for (let i = 0; i < 4; i++) answers.push((await post(`${strict.url}/api/webhook/send?key=guess-${i}`, guess)).errcode)
      expect(answers).toContain(45009)
      expect(answers.every((c) => c === 93000 || c === 45009)).toBe(true)
      expect((await post(`${s.url}/api/webhook/send?key=guess`, guess)).errcode).toBe(93000)
    } finally {
      await strict.close()
    }
  })

  it('a paused robot posts nothing until resumed; a removed one never again', async () => {
    const { data } = await add(owner, { name: '暂停' })
    const robotId = data.robot.robotId
    expect((await s.api(`${R}pause`, { groupNumber: g.groupNumber, robotId, paused: true }, { token: member.token })).status).toBe(403)
    expect((await s.api(`${R}pause`, { groupNumber: g.groupNumber, robotId, paused: true }, { token: owner.token })).code).toBe(200)
    expect(await post(data.webhookUrl, { msgtype: 'text', text: { content: 'x' } })).toMatchObject({ errcode: 93000, errmsg: expect.stringContaining('paused') })
    await s.api(`${R}pause`, { groupNumber: g.groupNumber, robotId, paused: false }, { token: owner.token })
    expect((await post(data.webhookUrl, { msgtype: 'text', text: { content: 'x' } })).errcode).toBe(0)
    expect((await s.api(`${R}remove`, { groupNumber: g.groupNumber, robotId }, { token: owner.token })).code).toBe(200)
    expect(await post(data.webhookUrl, { msgtype: 'text', text: { content: 'x' } })).toMatchObject({ errcode: 93000 })
    const list = await s.api<RobotList>(`${R}list`, { groupNumber: g.groupNumber }, { token: owner.token })
    expect(list.data.robots.some((r) => r.robotId === robotId)).toBe(false)
  })

  it('robots are not members: not counted, not in the member list, not in receipts, not invitable', async () => {
    const count = await s.api<GroupMemberCount>('/api/user/groupchat/member/count', { groupNumber: g.groupNumber }, { token: owner.token })
    expect(count.data.count).toBe(3)
    const members = await s.api<Paged<{ wtId: string }>>('/api/user/groupchat/member/list', { groupNumber: g.groupNumber, pageNum: 1, pageSize: 50 }, { token: owner.token })
    expect(members.data.rows.map((r) => r.wtId).sort()).toEqual([owner.wtId, admin.wtId, member.wtId].sort())
    const ownerChat = chatClient(s, owner.token)
    const ack = await ownerChat.sendText(g.conversationID, '请回执', { needReadReceipt: true })
    expect((ack.message as Message).readReceiptInfo).toEqual({ readCount: 0, unreadCount: 2 })
    ownerChat.close()
    const robotId = (await s.api<RobotList>(`${R}list`, { groupNumber: g.groupNumber }, { token: owner.token })).data.robots[0]!.robotId
    const other = await makeGroup(s, owner, [], [member])
    expect((await s.api('/api/user/groupchat/member/batchInvite', { groupNumber: other.groupNumber, wtIds: [robotId] }, { token: owner.token })).status).toBe(400)
    // No one can log in as a robot or write to it.
    expect((await s.api('/api/user/login/register', { phone: robotId, pwd: 'secret123', nickName: 'x' })).status).toBe(400)
  })

  it('asks an outgoing robot when mentioned, signed, and posts its answer quoting the question', async () => {
    const robot = standIn((body) => ({ body: { msgtype: 'text', text: { content: `你问的是：${String(body.text)}` } } }))
    const callbackUrl = await robot.start()
    try {
      const added = await add(owner, { name: '问答助手', callbackUrl })
      expect(added.code, added.msg).toBe(200)
      const { robotId } = added.data.robot
      const sent = await memberChat.sendText(g.conversationID, '@问答助手 今天几号', { atUserList: [robotId] })
      expect(sent.type).toBe('ack')
      const reply = (await memberChat.next((f) => f.type === 'msg' && (f.message as Message).from === robotId && (f.message as Message).type === 'TIMTextElem')).message as Message
      expect(reply.payload.text).toBe('你问的是：@问答助手 今天几号')
      expect(JSON.parse(reply.cloudCustomData).messageReply).toMatchObject({ messageID: (sent.message as Message).ID, messageAbstract: '@问答助手 今天几号' })
      const { headers, raw } = robot.seen[0]!
      const ts = String(headers[CALLBACK_HEADERS.timestamp])
      expect(headers[CALLBACK_HEADERS.signature]).toBe(createHmac('sha256', added.data.callbackSecret).update(`${ts}\n${raw}`).digest('hex'))
      expect(JSON.parse(raw)).toMatchObject({ robotId, from: { userId: member.wtId, nick: '王五' }, group: { groupNumber: g.groupNumber }, text: '@问答助手 今天几号' })
    } finally {
      await robot.close()
    }
  })

  it('a robot that does not answer in 5 s leaves the asker alone a quiet tip', async () => {
    const robot = standIn(() => ({ delayMs: 7000, body: { msgtype: 'text', text: { content: '太迟了' } } }))
    const callbackUrl = await robot.start()
    const ownerChat = chatClient(s, owner.token)
    // The asker's socket is on a second process that keeps its log, which names the failure.
    const logged: Array<Record<string, unknown>> = []
    const second = await startServer(storage, { bots: BOT_SETTINGS }, { logStream: { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) } })
    const askerChat = chatClient(second, member.token)
    try {
      const { data } = await add(owner, { name: '慢助手', callbackUrl })
      await ownerChat.ready
      await askerChat.ready
      await askerChat.sendText(g.conversationID, '在吗', { atUserList: [data.robot.robotId] })
      const started = Date.now()
      const tip = (await askerChat.next((f) => f.type === 'msg' && JSON.stringify((f.message as Message).payload).includes('noAnswer'), 9000)).message as Message
      expect(Date.now() - started).toBeGreaterThanOrEqual(4500)
      expect(tip.payload).toMatchObject({ newGroupProfile: { robot: { action: 'noAnswer', name: '慢助手' } } })
      expect(logged.find((l) => l.event === 'robot callback failed')).toMatchObject({ level: 40, robotId: data.robot.robotId, reason: expect.any(String) })
      await new Promise((r) => setTimeout(r, 300))
      expect(messagesOf(ownerChat.events()).some((m) => JSON.stringify(m.payload).includes('noAnswer'))).toBe(false)
      expect((await history(owner)).some((m) => JSON.stringify(m.payload).includes('noAnswer'))).toBe(false)
    } finally {
      ownerChat.close()
      askerChat.close()
      await second.close()
      await robot.close()
    }
  }, 30_000)

  it('refuses a callback address outside the allowlist when the robot is added', async () => {
    // 127.0.0.1 alone is listed here; the adapter's own test covers names that resolve inside.
    for (const callbackUrl of ['http://10.0.0.8/hook', 'http://127.0.0.2:9/hook', 'http://[::1]:9/hook', 'http://169.254.169.254/latest']) {
      const r = await add(owner, { name: '内网', callbackUrl })
      expect(r, callbackUrl).toMatchObject({ code: 400, msg: ROBOT_CALLBACK_REFUSED_TEXT })
    }
  })

  it('the operator lists, pauses and removes any robot, and turns the feature off site-wide', async () => {
    const op = await s.api<{ token: string }>('/api/user/login/register', { phone: operatorPhone, pwd: 'secret123', nickName: '运营' })
    const token = op.data.token
    // ADMIN_PHONES names only accounts that exist at start-up; an operator made later is promoted.
    await promote(storage.db, operatorPhone)
    expect((await s.api('/api/admin/robots', undefined, { token: member.token })).status).toBe(403)
    const list = await s.api<Paged<{ robotId: string; name: string; groupNumber: string }>>('/api/admin/robots?keyword=告警助手', undefined, { token })
    expect(list.data.rows[0]).toMatchObject({ name: '告警助手', groupNumber: g.groupNumber })
    const { data } = await add(owner, { name: '运营测试' })
    expect((await s.api('/api/admin/robots/pause', { robotId: data.robot.robotId, paused: true }, { token })).code).toBe(200)
    expect(await post(data.webhookUrl, { msgtype: 'text', text: { content: 'x' } })).toMatchObject({ errcode: 93000 })
    expect((await s.api('/api/admin/robots/remove', { robotId: data.robot.robotId }, { token })).code).toBe(200)
    const fresh = await add(owner, { name: '开关' })
    expect((await s.api('/api/admin/robots/switch', { enabled: false }, { token })).data).toEqual({ enabled: false })
    expect(await post(fresh.data.webhookUrl, { msgtype: 'text', text: { content: 'x' } })).toMatchObject({ errcode: 93000 })
    expect((await add(owner, { name: '关闭时' })).status).toBe(403)
    expect((await s.api<RobotList>(`${R}list`, { groupNumber: g.groupNumber }, { token: owner.token })).data.enabled).toBe(false)
    await s.api('/api/admin/robots/switch', { enabled: true }, { token })
    expect((await post(fresh.data.webhookUrl, { msgtype: 'text', text: { content: 'x' } })).errcode).toBe(0)
    const me = await s.api<{ wtId: string }>('/api/admin/me', undefined, { token })
    const actions = await storage.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE action LIKE 'robot.%' AND operator = $1 ORDER BY id`, [me.data.wtId])
    expect(actions.rows.map((r) => r.action)).toEqual(['robot.pause', 'robot.remove', 'robot.switch', 'robot.switch'])
  })
})
