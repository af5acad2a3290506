import type { StoragePort } from './storage'

export const VISITOR_STORAGE_KEY = 'wt_visitor_id'

/** Reads the stored visitor id, creating and storing one with `generate` on first use. */
export function readOrCreateVisitorId(store: StoragePort, generate: () => string): string {
  const existing = store.get<string>(VISITOR_STORAGE_KEY)
  if (typeof existing === 'string' && existing.length >= 8) return existing
  const id = generate()
  store.set(VISITOR_STORAGE_KEY, id)
  return id
}

/** RFC 4122 version-4 layout from 16 random bytes. */
export function uuidFromBytes(bytes: Uint8Array): string {
  const b = Array.from(bytes.slice(0, 16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = b.map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
