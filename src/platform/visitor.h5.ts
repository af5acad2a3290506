import { storage } from './storage.h5'
import type { VisitorPort } from './visitor'
import { readOrCreateVisitorId, uuidFromBytes } from './visitorId'

function generate(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return uuidFromBytes(crypto.getRandomValues(new Uint8Array(16)))
}

let cached: string | null = null

export const visitor: VisitorPort = {
  deviceId() {
    cached ??= readOrCreateVisitorId(storage, generate)
    return cached
  },
}
