import Taro from '@tarojs/taro'
import type { ViewportPort } from './viewport'

export const viewport: ViewportPort = {
  size: () => {
    let info: { windowWidth: number; windowHeight: number }
    try {
      info = Taro.getWindowInfo()
    } catch {
      // Base libraries before 2.20.1 have only the older call.
      info = Taro.getSystemInfoSync()
    }
    return { width: info.windowWidth, height: info.windowHeight }
  },
}
