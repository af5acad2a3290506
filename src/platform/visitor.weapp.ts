import { storage } from './storage.weapp'
import type { VisitorPort } from './visitor'
import { readOrCreateVisitorId, uuidFromBytes } from './visitorId'

/** The mini-program has no synchronous crypto source; a device id needs uniqueness, not secrecy. */
function generate(): string {
  const bytes = new Uint8Array(16)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  return uuidFromBytes(bytes)
}

let cached: string | null = null

export const visitor: VisitorPort = {
  deviceId() {
    cached ??= readOrCreateVisitorId(storage, generate)
    return cached
  },
}
