import { splitUrl } from '../../src/utils/query'

/** The shim's idea of the current page, moved by its navigation functions. */
export interface ShimRoute {
  path: string
  params: Record<string, string>
}

type PageEvent = 'show' | 'hide'

export const taroState = {
  route: { path: '/pages/home/index', params: {} } as ShimRoute,
  navigations: [] as Array<{ method: string; url: string }>,
  listeners: { show: new Set<() => void>(), hide: new Set<() => void>() } as Record<PageEvent, Set<() => void>>,
}

/** Like the Taro router, keeps the query values as they appear in the URL: not decoded. */
export function setCurrentRoute(url: string): void {
  const { path, search } = splitUrl(url)
  const params: Record<string, string> = {}
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    params[eq < 0 ? pair : pair.slice(0, eq)] = eq < 0 ? '' : pair.slice(eq + 1)
  }
  taroState.route = { path, params }
}

/** Fires useDidShow / useDidHide callbacks, as the Taro router does when pages stack. */
export function emitPageEvent(event: PageEvent): void {
  for (const fn of [...taroState.listeners[event]]) fn()
}

export function resetTaroShim(): void {
  setCurrentRoute('/pages/home/index')
  taroState.navigations = []
}
