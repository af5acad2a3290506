import Taro from '@tarojs/taro'
import { parseQuery, splitUrl, stringifyQuery, type Query } from '@/utils/query'
import { ROUTES, type RouteName, type RouteRow } from './routes'

/** A public path of the route table resolved to its route and the query it carries. */
export interface RouteMatch {
  route: RouteRow
  query: Query
}

const MOMENT_PATH = /^\/moments\/([^/]+)$/

export function routeByName(name: RouteName): RouteRow {
  const route = ROUTES.find((r) => r.name === name)
  if (!route) throw new Error(`unknown route ${name}`)
  return route
}

function normalizePath(path: string): string {
  if (path === '' || path === '/index.html') return '/'
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path
}

/**
 * Resolves a path (query optional) against the route table: public paths (/messages), Taro page
 * paths (/pages/messages/index) and the moment links /moments/{id}. Null when nothing matches.
 */
export function matchPath(url: string): RouteMatch | null {
  const { path: rawPath, search } = splitUrl(url)
  const path = normalizePath(rawPath)
  const query = parseQuery(search)
  const route = ROUTES.find((r) => r.path === path || `/${r.page}` === path)
  if (route) return { route, query }
  const moment = MOMENT_PATH.exec(path)
  if (moment) {
    const id = decodeURIComponent(moment[1]!)
    return { route: routeByName('momentDetail'), query: { ...query, id } }
  }
  return null
}

/** The public URL of a route, as the H5 address bar shows it. */
export function publicUrl(name: RouteName, query?: Query): string {
  return routeByName(name).path + stringifyQuery(query)
}

/** The Taro page URL of a route, which navigation APIs take on both platforms. */
export function pageUrl(name: RouteName, query?: Query): string {
  return `/${routeByName(name).page}${stringifyQuery(query)}`
}

export type NavigationMode = 'navigate' | 'redirect' | 'relaunch'

async function go(url: string, mode: NavigationMode): Promise<void> {
  try {
    if (mode === 'navigate') await Taro.navigateTo({ url })
    else if (mode === 'redirect') await Taro.redirectTo({ url })
    else await Taro.reLaunch({ url })
  } catch (err) {
    // The mini-program refuses to push beyond ten pages; replacing the current one still gets there.
    if (mode === 'navigate') await Taro.redirectTo({ url })
    else console.error('navigation failed', url, err)
  }
}

/** Opens a route on top of the current page. */
export function navigate(name: RouteName, query?: Query): Promise<void> {
  return go(pageUrl(name, query), 'navigate')
}

/** Replaces the current page with a route. */
export function redirect(name: RouteName, query?: Query): Promise<void> {
  return go(pageUrl(name, query), 'redirect')
}

/**
 * 体验网页版 on a guest page: the messages page (the login page first for a guest) in place of
 * the guest page, so the browser's back button inside the app never returns to the guest pages.
 */
export function enterApp(): Promise<void> {
  return redirect('messages')
}

/** Closes every open page and opens a route (logout, forced logout). */
export function relaunch(name: RouteName, query?: Query): Promise<void> {
  return go(pageUrl(name, query), 'relaunch')
}

/** Whether a page of the app lies under the current one (it was opened with `navigate`). */
export function hasPageBelow(): boolean {
  return Taro.getCurrentPages().length > 1
}

/** Closes the current page, back to the one under it. */
export async function back(): Promise<void> {
  try {
    await Taro.navigateBack()
  } catch (err) {
    console.error('navigating back failed', err)
  }
}

/** Opens a public path such as /contacts?x=1 or /moments/12; anything unknown opens the 404 page. */
export function openPath(url: string, mode: NavigationMode = 'navigate'): Promise<void> {
  const match = matchPath(url)
  if (!match) return go(pageUrl('notFound'), mode)
  return go(`/${match.route.page}${stringifyQuery(match.query)}`, mode)
}

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** The route of the page in front (pages further back stay mounted on H5). */
export function currentRouteName(): RouteName | null {
  const path = Taro.getCurrentInstance().router?.path
  return path ? (matchPath(path)?.route.name ?? null) : null
}

/**
 * The current page's query, decoded (neither the H5 router nor the mini-program decodes page
 * params), without the bookkeeping keys the Taro router adds ($taroTimestamp, stamp).
 */
export function currentQuery(): Query {
  const params = Taro.getCurrentInstance().router?.params ?? {}
  const query: Query = {}
  for (const [key, value] of Object.entries(params)) {
    if (key.startsWith('$') || key === 'stamp' || typeof value !== 'string') continue
    query[key] = decodeParam(value)
  }
  return query
}

/** A `redirect` query value is only followed when it is a path of this app, never another origin. */
export function safeRedirectTarget(value: string | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null
  const match = matchPath(value)
  if (!match || match.route.name === 'login' || match.route.name === 'notFound') return null
  return value
}

/** After a login: back to the page the guard sent the user away from, else the messages page. */
export function redirectAfterLogin(): Promise<void> {
  const target = safeRedirectTarget(currentQuery().redirect)
  return target ? openPath(target, 'relaunch') : relaunch('messages')
}
