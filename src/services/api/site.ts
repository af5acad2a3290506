import { miscRoutes } from '@shared/routes/misc'
import type { RouteClient } from './client'

export type { SiteFooter, SiteInfo } from '@shared/site'

export type SiteApi = ReturnType<typeof createSiteApi>

export function createSiteApi(api: RouteClient) {
  const getSiteInfo = () => api.call(miscRoutes.siteInfo)

  return { getSiteInfo }
}
