import { GROUP_LINK_QUERY } from '@shared/group'
import { qrScanner } from '@/platform/qrScanner'
import type { Query } from '@/utils/query'
import type { Toast } from '../toast'

const GROUP_NUMBER = /^\d{5,12}$/

const LINKED = new RegExp(`[?&]${GROUP_LINK_QUERY}=(\\d+)`)

/**
 * The group number a scanned text names: the group QR's link carrying `joinGroup={number}`, or
 * the older `wtgroup:{number}` codes already printed; null for anything else.
 */
export function groupNumberFromQr(text: string): string | null {
  const value = text.trim()
  const direct = /^wtgroup:(\d+)$/i.exec(value)
  if (direct && GROUP_NUMBER.test(direct[1]!)) return direct[1]!
  const linked = LINKED.exec(value)
  if (linked && GROUP_NUMBER.test(linked[1]!)) return linked[1]!
  return null
}

/** The group a page address names (a group QR opened by a phone camera), or null. */
export function groupNumberFromQuery(query: Query): string | null {
  const value = query[GROUP_LINK_QUERY]
  return value && GROUP_NUMBER.test(value) ? value : null
}

/** Scans with the camera and resolves with a group number; says why when there is none. */
export async function scanGroupQr(toast: Toast): Promise<string | null> {
  const text = await qrScanner.scan()
  if (text === null) {
    toast.waring('未能使用摄像头扫码')
    return null
  }
  const groupNumber = groupNumberFromQr(text)
  if (!groupNumber) toast.error('这不是微谈的群二维码')
  return groupNumber
}
