import type { LoginResult } from '../../../types/auth.js'
import type { GroupCreateResult } from '../../../types/group.js'
import { freshPhone, type TestServer } from './server.js'

export interface TestUser {
  wtId: string
  token: string
  nick: string
}

export async function registerUser(s: TestServer, nick: string): Promise<TestUser> {
  const { data, code, msg } = await s.api<LoginResult>('/api/user/login/register', { phone: freshPhone(), pwd: 'secret123', nickName: nick })
  if (code !== 200) throw new Error(`register failed: ${msg}`)
  return { wtId: data.wtId, token: data.token, nick }
}

export interface TestGroup {
  groupNumber: string
  groupID: string
  conversationID: string
}

/** A group owned by `owner` with `admins` made admin and `members` as ordinary members. */
export async function makeGroup(s: TestServer, owner: TestUser, admins: TestUser[], members: TestUser[], extra: Record<string, unknown> = {}): Promise<TestGroup> {
  const created = await s.api<GroupCreateResult>(
    '/api/user/groupchat/add',
    { groupName: '测试群', groupNotice: '', groupAvatar: '', wtIds: [...admins, ...members].map((u) => u.wtId), ...extra },
    { token: owner.token },
  )
  if (created.code !== 200) throw new Error(`create failed: ${created.msg}`)
  const { groupNumber, txGroupid } = created.data
  if (admins.length > 0) {
    const r = await s.api('/api/user/groupchat/admin/addOrRemove', { groupNumber, wtIds: admins.map((a) => a.wtId), identity: 2 }, { token: owner.token })
    if (r.code !== 200) throw new Error(`admin failed: ${r.msg}`)
  }
  return { groupNumber, groupID: txGroupid, conversationID: `GROUP${txGroupid}` }
}
