import { api } from './client'

export interface SiteFooter {
  company: string
  address: string
  contact: string
  registration: string
}

/** GET /api/site/info: what the guest layout's footer shows. */
export interface SiteInfo {
  productName: string
  version: string
  footer: SiteFooter
}

export function getSiteInfo(): Promise<SiteInfo> {
  return api.get('/site/info')
}
