import type { DeviceSession } from '../../../types/auth.js'
import { sessionPublicId, type SessionRow } from './sessions.js'

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

/** A live session as the device list shows it; `pushing` holds the token hashes of sessions with a Web Push subscription. */
export function toDeviceSession(r: SessionRow, currentTokenHash: string, pushing: ReadonlySet<string>): DeviceSession {
  return {
    id: sessionPublicId(r.tokenHash),
    device: describeDevice(r.userAgent),
    address: r.address,
    lastSeen: r.lastSeenAt.getTime(),
    loggedInAt: r.createdAt.getTime(),
    current: r.tokenHash === currentTokenHash,
    push: pushing.has(r.tokenHash),
  }
}
