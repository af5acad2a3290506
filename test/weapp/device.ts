import fs from 'node:fs'
import type { LoginResult } from '../../types/auth'

/**
 * What the phone gives the mini-program besides the network, for a simulated app: storage, page
 * changes, layout and the photo picker. jsdom and the simulator have none of them.
 */

/** The storage key the app keeps its session under (src/services/session). */
const SESSION_KEY = 'wt_session'

export interface Navigation {
  api: string
  url: string
}

const NAVIGATION_APIS = ['navigateTo', 'redirectTo', 'reLaunch', 'switchTab', 'navigateBack']

/**
 * wx.createSelectorQuery: the simulator's own returns nothing to chain on, and jsdom lays nothing
 * out, so every node measures zero (a scroll view at its top, nothing to scroll) and offers no
 * native node. Enough for the lists that measure themselves to render.
 */
function selectorQuery() {
  const answers: Array<{ value: unknown; callback?: (res: unknown) => void }> = []
  const ZERO_RECT = { id: '', dataset: {}, left: 0, right: 0, top: 0, bottom: 0, width: 0, height: 0 }
  const ZERO_FIELDS = { ...ZERO_RECT, scrollTop: 0, scrollLeft: 0, scrollHeight: 0, scrollWidth: 0 }
  const query = {
    in: () => query,
    select: () => nodesRef,
    selectAll: () => nodesRef,
    selectViewport: () => nodesRef,
    exec(callback?: (res: unknown[]) => void) {
      setTimeout(() => {
        for (const a of answers) a.callback?.(a.value)
        callback?.(answers.map((a) => a.value))
      }, 0)
    },
  }
  const answer = (value: unknown) => (callback?: (res: unknown) => void) => (answers.push({ value, callback }), query)
  const nodesRef = {
    boundingClientRect: answer(ZERO_RECT),
    scrollOffset: answer(ZERO_FIELDS),
    fields: (_fields: object, callback?: (res: unknown) => void) => answer(ZERO_FIELDS)(callback),
    node: answer({ node: null }),
    context: answer({ context: null }),
  }
  return query
}

type Callbacks = { success?: (r: object) => void; fail?: (r: object) => void; complete?: (r: object) => void }

/**
 * Installs on `wx`: storage in a map (holding `session` when given), page changes recorded
 * instead of performed, the zero-size selector query, a photo picker that hands over the
 * files of `album`, and the app's hide and show events, which the test raises.
 */
export function installDeviceStandIns(wx: Record<string, unknown>, { session, album }: { session: LoginResult | null; album: string[] }) {
  const storage = new Map<string, string>()
  if (session) storage.set(SESSION_KEY, JSON.stringify(session))
  wx.getStorageSync = (key: string) => storage.get(key) ?? ''
  wx.setStorageSync = (key: string, value: unknown) => void storage.set(key, typeof value === 'string' ? value : JSON.stringify(value))
  wx.removeStorageSync = (key: string) => void storage.delete(key)
  wx.clearStorageSync = () => storage.clear()
  const navigations: Navigation[] = []
  for (const api of NAVIGATION_APIS) {
    wx[api] = (o: Callbacks & { url?: string }) => {
      navigations.push({ api, url: o.url ?? '' })
      setTimeout(() => (o.success?.({ errMsg: `${api}:ok` }), o.complete?.({ errMsg: `${api}:ok` })), 0)
    }
  }
  wx.createSelectorQuery = selectorQuery
  // Called without callbacks, as Taro does, the picker answers a promise like the real API.
  wx.chooseMedia = (o: Callbacks = {}) => {
    const tempFiles = album.map((tempFilePath) => ({ tempFilePath, size: fs.statSync(tempFilePath).size, fileType: 'image' }))
    const ok = tempFiles.length > 0
    const res = ok ? { errMsg: 'chooseMedia:ok', type: 'image', tempFiles } : { errMsg: 'chooseMedia:fail cancel' }
    const settled = new Promise((r) => setTimeout(r, 0)).then(() => {
      ;(ok ? o.success : o.fail)?.(res)
      o.complete?.(res)
    })
    return o.success || o.fail || o.complete ? undefined : settled.then(() => (ok ? res : Promise.reject(res)))
  }
  // WeChat calls these listeners when the user leaves the mini-program and comes back to it.
  const appListeners = { hide: new Set<(r: object) => void>(), show: new Set<(r: object) => void>() }
  wx.onAppHide = (fn: (r: object) => void) => void appListeners.hide.add(fn)
  wx.onAppShow = (fn: (r: object) => void) => void appListeners.show.add(fn)
  wx.offAppHide = (fn: (r: object) => void) => void appListeners.hide.delete(fn)
  wx.offAppShow = (fn: (r: object) => void) => void appListeners.show.delete(fn)
  const lifecycle = {
    hide: () => appListeners.hide.forEach((fn) => fn({})),
    show: () => appListeners.show.forEach((fn) => fn({ path: 'pages/messages/index', scene: 1001, query: {} })),
  }
  return { storage, navigations, lifecycle }
}
