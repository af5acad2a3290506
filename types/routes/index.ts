import { accountRoutes } from './account'
import { adminRoutes } from './admin'
import { botRoutes } from './bots'
import { callRoutes } from './calls'
import { chatRoutes } from './chat'
import { contactRoutes } from './contacts'
import { favoriteRoutes } from './favorites'
import { groupRoutes } from './groups'
import { memberRoutes } from './member'
import { miscRoutes } from './misc'
import { momentRoutes } from './moments'
import { opsRoutes } from './ops'
import { pushRoutes } from './push'
import { searchRoutes } from './search'
import { conversationGroupRoutes } from './conversationGroups'
import { wechatRoutes } from './wechat'
import type { ApiRoute } from './route'

export { accountRoutes, adminRoutes, botRoutes, callRoutes, chatRoutes, contactRoutes, favoriteRoutes, groupRoutes, memberRoutes, miscRoutes, momentRoutes, opsRoutes, pushRoutes, searchRoutes, conversationGroupRoutes, wechatRoutes }
export * from './route'

/** The table by spec area. */
export const API_ROUTES = {
  account: accountRoutes,
  contacts: contactRoutes,
  groups: groupRoutes,
  chat: chatRoutes,
  conversationGroups: conversationGroupRoutes,
  favorites: favoriteRoutes,
  moments: momentRoutes,
  misc: miscRoutes,
  calls: callRoutes,
  member: memberRoutes,
  admin: adminRoutes,
  ops: opsRoutes,
  bots: botRoutes,
  search: searchRoutes,
  push: pushRoutes,
  wechat: wechatRoutes,
} satisfies Record<string, Record<string, ApiRoute>>

/** Every /api route, for the OpenAPI document and the check that the server serves exactly these. */
export const ALL_ROUTES: readonly ApiRoute[] = Object.values(API_ROUTES).flatMap((area) => Object.values(area))
