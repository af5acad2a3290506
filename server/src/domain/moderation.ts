import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import type { ModerationLists } from '../../../types/admin.js'

const Lists = z.object({
  blocked: z.array(z.string().min(1)).default([]),
  sensitive: z.array(z.string().min(1)).default([]),
  sensitiveImageSha256: z.array(z.string().regex(/^[0-9a-f]{64}$/)).default([]),
})

export interface Moderation {
  /** 'blocked' refuses the message, 'sensitive' refuses it as risk content, null lets it through. */
  checkText(text: string): 'blocked' | 'sensitive' | null
  isSensitiveImage(sha256: string): boolean
  /** Reads the lists again (the live lists of the server; absent for fixed ones). */
  reload?(): Promise<void>
}

export const DEFAULT_MODERATION_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../moderation.default.json')

export function readModerationFile(file: string): ModerationLists {
  const lists = Lists.parse(JSON.parse(fs.readFileSync(file, 'utf8')))
  return { blocked: lists.blocked, sensitive: lists.sensitive, image: lists.sensitiveImageSha256 }
}

export function fromLists(lists: ModerationLists): Moderation {
  const blocked = lists.blocked.map((w) => w.toLowerCase())
  const sensitive = lists.sensitive.map((w) => w.toLowerCase())
  const images = new Set(lists.image)
  return {
    checkText(text) {
      const t = text.toLowerCase()
      if (blocked.some((w) => t.includes(w))) return 'blocked'
      if (sensitive.some((w) => t.includes(w))) return 'sensitive'
      return null
    },
    isSensitiveImage: (sha) => images.has(sha),
  }
}

/** The lists of a JSON file, fixed for the life of the process (tests of the send path). */
export const loadModeration = (file: string = DEFAULT_MODERATION_FILE): Moderation => fromLists(readModerationFile(file))

/** Every process listens here; an edit publishes on it so all of them reload before their next message. */
export const MODERATION_TOPIC = 'moderation'
