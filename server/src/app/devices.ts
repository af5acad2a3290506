import type { DeviceSession } from '../../../types/auth.js'
import { sessionsWithPush } from '../data/push.js'
import { liveSessions, revokeSession } from '../data/sessions.js'
import type { Queryable } from '../db/Db.js'
import { toDeviceSession } from '../domain/devices.js'
import { notFound } from '../domain/refusal.js'
import { sessionPublicId } from '../domain/sessions.js'

/** The account's live sessions as devices; `pushing`: the token hashes of sessions holding a Web Push subscription. */
export async function listSessionDevices(q: Queryable, wtId: string, currentTokenHash: string, idleSeconds: number, pushing: ReadonlySet<string> = new Set()): Promise<DeviceSession[]> {
  return (await liveSessions(q, wtId, idleSeconds)).map((r) => toDeviceSession(r, currentTokenHash, pushing))
}

/** 安全设置 → 登录设备: the account's live sessions, each saying whether it receives Web Push. */
export async function listDevices(q: Queryable, wtId: string, currentTokenHash: string, idleSeconds: number): Promise<DeviceSession[]> {
  return listSessionDevices(q, wtId, currentTokenHash, idleSeconds, await sessionsWithPush(q, wtId))
}

/** Ends the user's session listed as `id`; answers its token hash so its sockets can be closed. */
export async function logoutDevice(q: Queryable, wtId: string, id: string, idleSeconds: number): Promise<string> {
  const target = (await liveSessions(q, wtId, idleSeconds)).find((r) => sessionPublicId(r.tokenHash) === id)
  if (!target) throw notFound('该设备已退出登录')
  await revokeSession(q, target.tokenHash)
  return target.tokenHash
}
