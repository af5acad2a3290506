import { z } from 'zod'
import { OWN_UPLOAD_URL, FOREIGN_MEDIA_TEXT, UPLOAD_MAX_BYTES, UploadKind } from './plain/upload'

export * from './plain/upload'

/** A message's media address: one of this server's uploads. */
export const UploadUrl = z.string().regex(OWN_UPLOAD_URL, FOREIGN_MEDIA_TEXT)

export const UploadResult = z.object({
  url: z.string(),
  /** The spec's clients also read data.data.url. */
  data: z.object({ url: z.string() }),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
})
export type UploadResult = z.infer<typeof UploadResult>

/** The multipart form of POST /api/oss/upload. */
export const UploadForm = z.object({
  file: z.file().max(UPLOAD_MAX_BYTES),
  kind: z.enum(UploadKind).default(UploadKind.File),
})
