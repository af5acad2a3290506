import { useEffect, useState } from 'react'
import { useApp } from '@/root/AppContext'
import type { SiteInfo } from '@/services/api/site'

/** The public site details (GET /api/site/info), or null while loading or after a failure. */
export function useSiteInfo(): SiteInfo | null {
  const { siteInfo } = useApp()
  const [site, setSite] = useState<SiteInfo | null>(null)
  useEffect(() => {
    let alive = true
    siteInfo
      .loadSiteInfo()
      .then((info) => {
        if (alive) setSite(info)
      })
      .catch(() => undefined)
    return () => {
      alive = false
    }
  }, [siteInfo])
  return site
}
