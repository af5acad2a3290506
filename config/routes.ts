/**
 * The spec's route table (section 2). One row per route: the public URL on H5, the Taro page
 * that renders it, the title, and who may open it. Plain data, shared by the build
 * configuration (H5 aliases), the app config (page list) and the route guard.
 */
export type RouteAccess = 'guest' | 'public' | 'login'

export interface RouteRow {
  path: string
  page: string
  title: string
  access: RouteAccess
  /** Named routes used in navigation. */
  name?: string
}

export const ROUTES: readonly RouteRow[] = [
  { path: '/', page: 'pages/home/index', title: '微谈 - 首页', access: 'guest', name: 'home' },
  { path: '/login', page: 'pages/login/index', title: '登录', access: 'guest', name: 'login' },
  { path: '/about', page: 'pages/about/index', title: '关于我们', access: 'guest', name: 'about' },
  { path: '/404', page: 'pages/not-found/index', title: '页面不存在', access: 'guest', name: 'notFound' },
  { path: '/h5/level', page: 'pages/h5-level/index', title: '会员等级', access: 'public', name: 'level' },
  { path: '/messages', page: 'pages/messages/index', title: '消息', access: 'login', name: 'messages' },
  { path: '/contacts', page: 'pages/contacts/index', title: '通讯录', access: 'login', name: 'contacts' },
  { path: '/favorites', page: 'pages/favorites/index', title: '收藏', access: 'login', name: 'favorites' },
  { path: '/moments', page: 'pages/moments/index', title: '朋友圈', access: 'login', name: 'moments' },
  { path: '/moments/detail', page: 'pages/moment-detail/index', title: '动态详情', access: 'login', name: 'momentDetail' },
  { path: '/member', page: 'pages/member/index', title: '会员中心', access: 'login', name: 'member' },
]

/** H5 browser-history aliases: Taro page path → public URL. */
export function h5RouteAliases(): Record<string, string> {
  return Object.fromEntries(ROUTES.filter((r) => r.path !== '/').map((r) => [`/${r.page}`, r.path]))
}
