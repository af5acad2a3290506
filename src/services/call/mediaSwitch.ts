import type { DictEntry } from '@shared/complaint'

/**
 * Whether the call entries show (messaging-app: "a lookup by key web_media_switch reads dictValue
 * equal to 1"): the first entry of the web_media_switch dictionary must read '1'; no entry or a
 * failed lookup leaves calls off.
 */
export async function readMediaSwitch(lookup: () => Promise<DictEntry[]>): Promise<boolean> {
  try {
    const entries = await lookup()
    return entries[0]?.dictValue === '1'
  } catch {
    return false
  }
}
