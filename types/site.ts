import type { ChatFeatures } from './messageOps'

/** GET /api/site/info: what the guest layout's footer shows. */
export interface SiteFooter {
  company: string
  address: string
  contact: string
  registration: string
}

export interface SiteInfo {
  productName: string
  version: string
  footer: SiteFooter
  /** Chat feature flags (spec section 6); all true unless the server turns some off. */
  chatFeatures: ChatFeatures
}
