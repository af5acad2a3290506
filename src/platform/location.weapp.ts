import Taro from '@tarojs/taro'
import type { LocationPort } from './location'

export const appLocation: LocationPort = {
  current() {
    const pages = Taro.getCurrentPages()
    const page = pages[pages.length - 1]
    if (!page) return { path: '/', query: {} }
    const options = (page as { options?: Record<string, string | undefined> }).options ?? {}
    const query: Record<string, string> = {}
    for (const [k, v] of Object.entries(options)) if (v !== undefined) query[k] = v
    return { path: `/${page.route ?? ''}`, query }
  },
  replaceUrl() {},
  setTitle(title) {
    void Taro.setNavigationBarTitle({ title }).catch(() => undefined)
  },
  origin() {
    return API_BASE
  },
}
