import { useEffect, useState } from 'react'
import { getSiteInfo, type SiteInfo } from '@/services/api/site'

// The footer, the about page and the member page all show the operator's details; they
// share one request per page load. A failed request is forgotten so the next mount retries.
let pending: Promise<SiteInfo> | null = null

function loadSiteInfo(): Promise<SiteInfo> {
  if (!pending) {
    pending = getSiteInfo()
    pending.catch(() => {
      pending = null
    })
  }
  return pending
}

/** The public site details (GET /api/site/info), or null while loading or after a failure. */
export function useSiteInfo(): SiteInfo | null {
  const [site, setSite] = useState<SiteInfo | null>(null)
  useEffect(() => {
    let alive = true
    loadSiteInfo()
      .then((info) => {
        if (alive) setSite(info)
      })
      .catch(() => undefined)
    return () => {
      alive = false
    }
  }, [])
  return site
}
