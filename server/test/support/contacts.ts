import { expect } from 'vitest'
import type { TestServer } from './server.js'

export interface Account {
  wtId: string
  token: string
}

/** Makes two users two-way friends through the endpoints: a applies, b agrees. */
export async function befriend(s: Pick<TestServer, 'api'>, a: Account, b: Account): Promise<void> {
  const applied = await s.api('/api/userFriends/apply', { applyWtId: b.wtId, applySource: 1, applyInfo: '' }, { token: a.token })
  expect(applied, applied.msg).toMatchObject({ code: 200 })
  const agreed = await s.api('/api/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 }, { token: b.token })
  expect(agreed, agreed.msg).toMatchObject({ code: 200 })
}
