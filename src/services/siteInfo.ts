import type { RouteClient } from './api/client'
import { createSiteApi, type SiteInfo } from './api/site'

export type SiteInfoService = ReturnType<typeof createSiteInfo>

/**
 * The public site details (GET /api/site/info). The footer, the about page and the member page
 * all show the operator's details; they share one request per app. A failed request is forgotten
 * so the next asker retries.
 */
export function createSiteInfo(api: RouteClient) {
  const siteApi = createSiteApi(api)
  let pending: Promise<SiteInfo> | null = null

  function loadSiteInfo(): Promise<SiteInfo> {
    if (!pending) {
      const request = siteApi.getSiteInfo()
      request.catch(() => {
        pending = null
      })
      pending = request
    }
    return pending
  }

  return { loadSiteInfo }
}
