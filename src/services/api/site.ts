import { miscRoutes } from '@shared/routes/misc'
import { api } from './client'

export type { SiteFooter, SiteInfo } from '@shared/site'

export const getSiteInfo = () => api.call(miscRoutes.siteInfo)
