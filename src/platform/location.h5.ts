import Taro from '@tarojs/taro'
import { parseQuery } from '@/utils/query'
import type { LocationPort } from './location'

export const appLocation: LocationPort = {
  current() {
    return { path: window.location.pathname, query: parseQuery(window.location.search) }
  },
  replaceUrl(url) {
    window.history.replaceState(window.history.state, '', url)
  },
  setTitle(title) {
    document.title = title
    // The router puts each page's configured title back whenever the page shows; a title set
    // through Taro is remembered for the page instead.
    Taro.setNavigationBarTitle({ title }).catch(() => undefined)
  },
  origin() {
    return API_BASE || window.location.origin
  },
}
