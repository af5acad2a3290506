import { createHmac } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
import { WeComCode } from '../../../types/bots.js'

/** Pure rules of the group robots (docs/bots.md). */

export interface WeComRefusal {
  errcode: number
  errmsg: string
}

/**
 * WeCom's code for a body the webhook's schema refused, from the first problem: the message
 * type, an empty content, a content over its limit, anything else a bad parameter.
 */
export function refusalForProblem(path: string, message: string): WeComRefusal {
  const field = path.replace(/^\//, '').replace(/\//g, '.')
  if (field === 'msgtype' || message === 'invalid message type') return { errcode: WeComCode.InvalidMessageType, errmsg: 'invalid message type' }
  if (message === 'empty content') return { errcode: WeComCode.EmptyContent, errmsg: `empty content${field ? `: ${field}` : ''}` }
  if (message === 'invalid image size') return { errcode: WeComCode.InvalidImage, errmsg: 'invalid image size' }
  if (message.includes('exceed max length')) return { errcode: WeComCode.InvalidParameter, errmsg: message }
  return { errcode: WeComCode.InvalidParameter, errmsg: `invalid parameter${field ? `: ${field}` : ''}: ${message}` }
}

/** Width and height from a PNG's IHDR or a JPEG's first frame header; null when neither is found. */
export function imageSize(buf: Buffer): { width: number; height: number } | null {
  if (buf.length >= 24 && buf.readUInt32BE(0) === 0x89504e47 && buf.subarray(12, 16).toString('latin1') === 'IHDR') {
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) }
  }
  if (buf[0] !== 0xff || buf[1] !== 0xd8) return null
  let i = 2
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return null
    const marker = buf[i + 1]!
    const length = buf.readUInt16BE(i + 2)
    // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) }
    }
    i += 2 + length
  }
  return null
}

/** The signature an outgoing robot's callback checks: hex HMAC-SHA256 of "timestamp\nbody". */
export function callbackSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${body}`).digest('hex')
}

/** The operator's allowlist (BOT_CALLBACK_ALLOW): host names (`*.example.com` for subdomains) and CIDR ranges or addresses. */
export interface CallbackAllowlist {
  hosts: string[]
  ranges: BlockList
  empty: boolean
}

export function parseAllowlist(entries: readonly string[]): CallbackAllowlist {
  const ranges = new BlockList()
  const hosts: string[] = []
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase()
    const [addr, bits] = entry.split('/')
    const family = isIP(addr ?? '')
    if (family) {
      const type = family === 6 ? 'ipv6' : 'ipv4'
      ranges.addSubnet(addr!, bits === undefined ? (family === 6 ? 128 : 32) : Number(bits), type)
    } else if (entry) hosts.push(entry)
  }
  return { hosts, ranges, empty: entries.length === 0 }
}

export function hostListed(list: CallbackAllowlist, host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '')
  return list.hosts.some((e) => (e.startsWith('*.') ? h.endsWith(e.slice(1)) : h === e))
}

const unmapped = (address: string) => (address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address)

export function addressListed(list: CallbackAllowlist, address: string): boolean {
  const a = unmapped(address)
  return list.ranges.check(a, isIP(a) === 6 ? 'ipv6' : 'ipv4')
}

const PRIVATE = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6')

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved ranges: never reached unless listed. */
export function isPrivateAddress(address: string): boolean {
  const a = unmapped(address)
  return PRIVATE.check(a, isIP(a) === 6 ? 'ipv6' : 'ipv4')
}

/**
 * Whether a callback may go to `address` (one of what `host` resolved to): a listed host or
 * range always; otherwise only a public address, and only when the list is empty.
 */
export function callbackTargetAllowed(list: CallbackAllowlist, host: string, address: string): boolean {
  if (hostListed(list, host) || addressListed(list, address)) return true
  return list.empty && !isPrivateAddress(address)
}

export type RobotTipAction = 'add' | 'remove' | 'pause' | 'resume' | 'regenerate' | 'noAnswer'

/** The group tip's profile change of a robot (read by the client's groupTipText). */
export const robotTipProfile = (action: RobotTipAction, name: string, byOperator = false) => ({ robot: { action, name, ...(byOperator ? { byOperator } : {}) } })
