import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AdminCtx } from '../src/app/admin/lifecycle.js'
import type { Message } from '../../types/chat.js'
import { runAdmin } from '../src/cli/admin.js'
import { chatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { makeGroup } from './support/groups.js'
import { setupServers, type Storage, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

describe('npm run admin', () => {
  let storage: Storage
  let s: TestServer
  setupServers('pglite', 1, (env) => {
    storage = env.storage
    s = env.servers[0]!
  })
  const run = (...argv: string[]) => runAdmin(argv, s.built.ctx as AdminCtx)

  it('promote, ban, unban, grant-vip, codes and export-reports act through the domain and are audited as cli', async () => {
    const u = await registerUser(s, '命令行')
    expect(await run('promote', u.phone)).toBe(`${u.wtId} is an operator`)
    expect((await s.api('/api/admin/me', undefined, { token: u.token })).code).toBe(200)
    expect(await run('ban', u.wtId, '2', '测试')).toContain('banned until')
    expect((await s.api<{ rows: Array<{ state: string }> }>(`/api/admin/users?keyword=${u.wtId}`, undefined, { token: u.token })).data.rows[0]!.state).toBe('banned')
    await run('unban', u.phone)
    expect(await run('grant-vip', u.phone, '4', '10')).toMatch(new RegExp(`^${u.wtId}: VIP4 until`))
    expect(await s.api('/api/user/info', undefined, { token: u.token })).toMatchObject({ data: { vipType: 1, vipLevel: 4 } })
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codes-'))
    expect(await run('codes', '2', '7', '3', path.join(dir, 'c.csv'))).toMatch(/^3 codes in batch/)
    expect(fs.readFileSync(path.join(dir, 'c.csv'), 'utf8').trim().split('\r\n')).toHaveLength(4)
    await run('export-reports', path.join(dir, 'r.csv'))
    expect(fs.readFileSync(path.join(dir, 'r.csv'), 'utf8')).toContain('targetName')
    await expect(run('ban', 'nobody', '1')).rejects.toThrow('用户不存在')
    await expect(run('frobnicate')).rejects.toThrow('usage')
    const { rows } = await storage.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE operator = 'cli' ORDER BY id`)
    expect(rows.map((r) => r.action)).toEqual(['promote', 'ban', 'restore', 'membership.grant', 'codes.create', 'reports.export'])
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('demote takes the role back: the console answers 403 again, and the step is audited', async () => {
    const u = await registerUser(s, '撤销')
    await run('promote', u.wtId)
    expect((await s.api('/api/admin/me', undefined, { token: u.token })).code).toBe(200)
    expect(await run('demote', u.phone)).toBe(`${u.wtId} is no longer an operator`)
    expect((await s.api('/api/admin/me', undefined, { token: u.token })).code).toBe(403)
    await expect(run('demote', 'nobody')).rejects.toThrow('用户不存在')
    const { rows } = await storage.db.query<{ action: string; target: string }>(`SELECT action, target FROM audit_log WHERE operator = 'cli' AND action = 'demote'`)
    expect(rows).toEqual([{ action: 'demote', target: u.wtId }])
  })

  it('message-origin tells a forward\'s copy in a group from what a client sent and from a tip', async () => {
    // The state of a reported incident: a group member's private texts to someone removed from the
    // group, later found in the group as new messages with read receipts asked. A one-by-one
    // forward writes exactly that, and the copies say so.
    const [owner, other, removed] = [await registerUser(s, '张三'), await registerUser(s, '李四'), await registerUser(s, '王五')]
    const g = await makeGroup(s, owner, [], [other, removed])
    expect((await s.api('/api/user/groupchat/member/remove', { groupNumber: g.groupNumber, wtIds: [removed.wtId] }, { token: owner.token })).code).toBe(200)
    await befriend(s, owner, removed)
    const c = chatClient(s, owner.token)
    const sent = []
    for (const text of ['王五你好，历史消息1', '历史消息2']) sent.push(((await c.sendText(`C2C${removed.wtId}`, text)).message as Message).sequence)
    const fw = await s.api<{ results: Array<{ sent: number }> }>('/api/im/message/forward', { conversationID: `C2C${removed.wtId}`, sequences: sent, targets: [g.conversationID] }, { token: owner.token })
    expect(fw.data.results[0]!.sent).toBe(2)
    const copy = (await c.next((f) => f.type === 'msg' && (f.message as Message).conversationID === g.conversationID && (f.message as Message).payload.text === '历史消息2')).message as Message
    c.close()

    const forwarded = await run('message-origin', owner.phone, g.conversationID, String(copy.sequence))
    expect(forwarded).toMatch(new RegExp(`^group:${g.groupID} #${copy.sequence} at .*: TIMTextElem from ${owner.wtId}, client ID fw-[0-9a-f-]{36}, read receipts asked\n`))
    expect(forwarded).toContain('written by: a copy written by a forward of the sender')
    const typed = await run('message-origin', removed.wtId, `C2C${owner.wtId}`, String(sent[0]))
    expect(typed).toContain(`TIMTextElem from ${owner.wtId}, client ID `)
    expect(typed).toContain("written by: sent by one of the sender's clients")
    expect(await run('message-origin', other.phone, g.conversationID, '1')).toContain('written by: a group tip written by the server')
    await expect(run('message-origin', other.phone, g.conversationID, '999')).rejects.toThrow('消息不存在')
    await expect(run('message-origin', other.phone, 'C2Cnobody', '1')).rejects.toThrow('会话ID无效')
  })

  it('a client cannot send under a client ID the server keeps for its own messages', async () => {
    const [a, b] = [await registerUser(s, '甲'), await registerUser(s, '乙')]
    await befriend(s, a, b)
    const c = chatClient(s, a.token)
    const refused = await c.send({ clientMsgId: 'fw-0123456789', conversationID: `C2C${b.wtId}`, type: 'TIMTextElem', payload: { text: '冒充转发' } })
    expect(refused).toMatchObject({ type: 'nack', code: 400 })
    expect(String(refused.msg)).toContain('not starting with fw-')
    expect((await c.sendText(`C2C${b.wtId}`, '正常发送')).type).toBe('ack')
    c.close()
  })
})

