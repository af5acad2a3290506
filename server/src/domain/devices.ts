import type { DeviceSession } from '../../../types/auth.js'
import type { Queryable } from '../db/Db.js'
import { notFound } from './refusal.js'
import { liveSessions, revokeSession, sessionPublicId } from './sessions.js'

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger/i, '微信'],
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

/** A short label for a user agent ("Chrome · Windows"); the raw string says too much and too little. */
export function describeDevice(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1]
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1]
  if (!browser && !system) return '未知设备'
  return [browser ?? '浏览器', system].filter(Boolean).join(' · ')
}

export async function listDevices(q: Queryable, wtId: string, currentTokenHash: string, idleSeconds: number): Promise<DeviceSession[]> {
  const rows = await liveSessions(q, wtId, idleSeconds)
  return rows.map((r) => ({
    id: sessionPublicId(r.tokenHash),
    device: describeDevice(r.userAgent),
    address: r.address,
    lastSeen: r.lastSeenAt.getTime(),
    loggedInAt: r.createdAt.getTime(),
    current: r.tokenHash === currentTokenHash,
  }))
}

/** Ends the user's session listed as `id`; answers its token hash so its sockets can be closed. */
export async function logoutDevice(q: Queryable, wtId: string, id: string, idleSeconds: number): Promise<string> {
  const target = (await liveSessions(q, wtId, idleSeconds)).find((r) => sessionPublicId(r.tokenHash) === id)
  if (!target) throw notFound('该设备已退出登录')
  await revokeSession(q, target.tokenHash)
  return target.tokenHash
}
