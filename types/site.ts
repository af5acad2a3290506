import { z } from 'zod'
import { CHAT_FEATURE_KEYS } from './messageOps'

/** GET /api/site/info: what the guest layout's footer shows. */
export const SiteFooter = z.object({
  company: z.string(),
  address: z.string(),
  contact: z.string(),
  registration: z.string(),
})
export type SiteFooter = z.infer<typeof SiteFooter>

export const SiteInfo = z.object({
  productName: z.string(),
  version: z.string(),
  footer: SiteFooter,
  /** Chat feature flags (spec section 6); all true unless the server turns some off. */
  chatFeatures: z.record(z.enum(CHAT_FEATURE_KEYS), z.boolean()),
  /** The server holds a TRTC application: calls take the TRTC media path (the mini-program's only one). */
  trtc: z.boolean().default(false),
})
export type SiteInfo = z.infer<typeof SiteInfo>
