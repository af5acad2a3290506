import type { ViewportPort } from './viewport'

// What Taro's H5 getWindowInfo reads, without the device-info module (and its user-agent parser,
// about 7 KB gzip) that comes with it.
export const viewport: ViewportPort = {
  size: () => ({ width: document.documentElement.clientWidth, height: document.documentElement.clientHeight }),
}
