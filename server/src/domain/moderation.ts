import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

const Lists = z.object({
  blocked: z.array(z.string().min(1)).default([]),
  sensitive: z.array(z.string().min(1)).default([]),
  sensitiveImageSha256: z.array(z.string().regex(/^[0-9a-f]{64}$/)).default([]),
})

export interface Moderation {
  /** 'blocked' refuses the message, 'sensitive' refuses it as risk content, null lets it through. */
  checkText(text: string): 'blocked' | 'sensitive' | null
  isSensitiveImage(sha256: string): boolean
}

export const DEFAULT_MODERATION_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../moderation.default.json')

export function loadModeration(file: string = DEFAULT_MODERATION_FILE): Moderation {
  const lists = Lists.parse(JSON.parse(fs.readFileSync(file, 'utf8')))
  const blocked = lists.blocked.map((w) => w.toLowerCase())
  const sensitive = lists.sensitive.map((w) => w.toLowerCase())
  const images = new Set(lists.sensitiveImageSha256)
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
