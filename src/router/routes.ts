import table from './routes.json'

/**
 * The spec's route table (section 2): the public H5 URL, the Taro page that renders it,
 * the title, and who may open it. The data lives in routes.json so the build configuration
 * can read it too.
 */
export type RouteAccess = 'guest' | 'public' | 'login'
export type RouteName =
  | 'home' | 'login' | 'about' | 'notFound' | 'level' | 'messages' | 'contacts' | 'favorites' | 'moments' | 'momentDetail' | 'member' | 'admin'

export interface RouteRow {
  path: string
  page: string
  title: string
  access: RouteAccess
  name: RouteName
}

export const ROUTES = table as readonly RouteRow[]
