import type { GroupCreateResult } from '../../../types/group.js'
import type { TestServer } from './server.js'
import type { Account } from './contacts.js'

export interface TestGroup {
  groupNumber: string
  groupID: string
  conversationID: string
}

/** A group owned by `owner` with `admins` made admin and `members` as ordinary members. */
export async function makeGroup(s: TestServer, owner: Account, admins: Account[], members: Account[], extra: Record<string, unknown> = {}): Promise<TestGroup> {
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
