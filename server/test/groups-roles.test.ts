import { describe, expect, it } from 'vitest'
import type { Message } from '../../types/chat.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { makeGroup, type TestGroup } from './support/groups.js'
import { registerUser, type TestUser } from './support/users.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'

type Role = 'owner' | 'admin' | 'member' | 'stranger'
const ROLES: Role[] = ['owner', 'admin', 'member', 'stranger']

interface CaseEnv {
  g: TestGroup
  victim: TestUser
  outsider: TestUser
  applicant: TestUser
  victimSeq: number
}

interface Endpoint {
  path: string
  body: (env: CaseEnv) => Record<string, unknown>
  allowed: Role[]
}

const gn = (env: CaseEnv) => ({ groupNumber: env.g.groupNumber })
const OWNER: Role[] = ['owner']
const MANAGERS: Role[] = ['owner', 'admin']
const MEMBERS: Role[] = ['owner', 'admin', 'member']
const G = '/api/user/groupchat/'

/** Every group endpoint and who may call it (docs/groups-api.md). */
const ENDPOINTS: Endpoint[] = [
  { path: 'getInfoById', body: gn, allowed: MEMBERS },
  { path: 'info', body: gn, allowed: MEMBERS },
  { path: 'getCardInfoById', body: gn, allowed: ROLES },
  { path: 'member/list', body: (e) => ({ ...gn(e), pageNum: 1, pageSize: 30 }), allowed: MEMBERS },
  { path: 'member/oneInfo', body: (e) => ({ ...gn(e), wtId: e.victim.wtId }), allowed: MEMBERS },
  { path: 'member/count', body: gn, allowed: MEMBERS },
  { path: 'member/batchInvite', body: (e) => ({ ...gn(e), wtIds: [e.outsider.wtId] }), allowed: MEMBERS },
  { path: 'member/remove', body: (e) => ({ ...gn(e), wtIds: [e.victim.wtId] }), allowed: MANAGERS },
  { path: 'member/quit', body: gn, allowed: ['admin', 'member'] },
  { path: 'member/activeJoin', body: (e) => ({ ...gn(e), applyMessage: '你好' }), allowed: ['stranger'] },
  { path: 'member/audit', body: () => ({ applyId: 0, handleAction: 'Agree' }), allowed: MANAGERS },
  { path: 'member/joinVerify', body: (e) => ({ ...gn(e), wtId: e.applicant.wtId, handleAction: 'Reject' }), allowed: MANAGERS },
  { path: 'member/setTop', body: (e) => ({ ...gn(e), topStatus: 1 }), allowed: MEMBERS },
  { path: 'member/editGroup', body: (e) => ({ ...gn(e), groupNickname: '小名' }), allowed: MEMBERS },
  { path: 'admin/addOrRemove', body: (e) => ({ ...gn(e), wtIds: [e.victim.wtId], identity: 2 }), allowed: OWNER },
  { path: 'transfer', body: (e) => ({ ...gn(e), wtId: e.victim.wtId }), allowed: OWNER },
  { path: 'remove', body: gn, allowed: OWNER },
  { path: 'memberBlack/list', body: gn, allowed: MANAGERS },
  { path: 'memberBlack/add', body: (e) => ({ ...gn(e), wtIds: [e.victim.wtId] }), allowed: MANAGERS },
  { path: 'memberBlack/remove', body: (e) => ({ ...gn(e), wtIds: [e.victim.wtId] }), allowed: MANAGERS },
  { path: 'admin/getMutedList', body: gn, allowed: MANAGERS },
  { path: 'admin/batchMuted', body: (e) => ({ ...gn(e), wtIds: [e.victim.wtId], muteTime: 600 }), allowed: MANAGERS },
  { path: 'admin/withdrawMsg', body: (e) => ({ ...gn(e), userWtId: e.victim.wtId, msgSeq: e.victimSeq }), allowed: MANAGERS },
  { path: 'admin/withdrawWebMsgByUser', body: (e) => ({ ...gn(e), userWtId: e.victim.wtId, lastMessageSequence: e.victimSeq }), allowed: MANAGERS },
  { path: 'edit', body: (e) => ({ ...gn(e), groupName: '新群名' }), allowed: MANAGERS },
  { path: 'admin/setNotice', body: (e) => ({ ...gn(e), groupNotice: '长公告'.repeat(100) }), allowed: MANAGERS },
  { path: 'admin/setWelcomeMsg', body: (e) => ({ ...gn(e), groupWelcomeMsg: '欢迎' }), allowed: MANAGERS },
  { path: 'admin/joinLimit', body: (e) => ({ ...gn(e), limitLevel: 3 }), allowed: MANAGERS },
  { path: 'member/position/addList', body: gn, allowed: OWNER },
  { path: 'member/position/removeList', body: gn, allowed: OWNER },
  { path: 'member/position/managerList', body: gn, allowed: MEMBERS },
  { path: 'member/position/mutedList', body: gn, allowed: MANAGERS },
]

describe.each(BACKENDS)('group role matrix on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
  })

  const users = {} as Record<Role | 'victim' | 'outsider' | 'applicant', TestUser>
  let victimChat: ChatClient

  it('registers the cast', async () => {
    for (const role of [...ROLES, 'victim', 'outsider', 'applicant'] as const) users[role] = await registerUser(s, role)
    victimChat = chatClient(s, users.victim.token)
    await victimChat.ready
  })

  /** A fresh group per case: owner, admin, member and the victim; the applicant's application pending. */
  async function freshCase(): Promise<CaseEnv> {
    const g = await makeGroup(s, users.owner, [users.admin], [users.member, users.victim])
    const ack = await victimChat.sendText(g.conversationID, '一条消息')
    expect(ack.type).toBe('ack')
    const applied = await s.api(`${G}member/activeJoin`, { groupNumber: g.groupNumber, applyMessage: '申请' }, { token: users.applicant.token })
    expect(applied.code).toBe(200)
    return { g, victim: users.victim, outsider: users.outsider, applicant: users.applicant, victimSeq: (ack.message as Message).sequence }
  }

  async function applyIdOf(env: CaseEnv): Promise<number> {
    const list = await s.api<{ rows: Array<{ applyId: number; groupNumber: string }> }>('/api/user/groupNotice/joinApplyList', { pageNum: 1 }, { token: users.owner.token })
    return list.data.rows.find((r) => r.groupNumber === env.g.groupNumber)!.applyId
  }

  const cases = ENDPOINTS.flatMap((e) => ROLES.map((role) => ({ ...e, role, allowed: e.allowed.includes(role) })))

  it.each(cases)('$path as $role: allowed=$allowed', async ({ path, body, role, allowed }) => {
    const env = await freshCase()
    let payload = body(env)
    if (path === 'member/audit') payload = { ...payload, applyId: await applyIdOf(env) }
    const res = await s.api(G + path, payload, { token: users[role].token })
    if (allowed) expect({ code: res.code, msg: res.msg }).toMatchObject({ code: 200 })
    else {
      expect(res.code, res.msg).not.toBe(200)
      expect([403, 409]).toContain(res.code)
    }
  })

  it('refuses the notice lists without a session', async () => {
    const res = await s.api('/api/user/groupNotice/joinApplyList', { pageNum: 1 })
    expect(res.code).toBe(401)
    victimChat.close()
  })
})
