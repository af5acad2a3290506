import type { SiteInfo } from '@shared/site'
import type { ApiClient } from './client'

export type { SiteFooter, SiteInfo } from '@shared/site'

export type SiteApi = ReturnType<typeof createSiteApi>

export function createSiteApi(api: ApiClient) {
  function getSiteInfo(): Promise<SiteInfo> {
    return api.get('/site/info')
  }

  return { getSiteInfo }
}
