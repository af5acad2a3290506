import type { SiteInfo } from '@shared/site'
import { api } from './client'

export type { SiteFooter, SiteInfo } from '@shared/site'

export function getSiteInfo(): Promise<SiteInfo> {
  return api.get('/site/info')
}
