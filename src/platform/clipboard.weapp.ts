import Taro from '@tarojs/taro'
import type { ClipboardPort } from './clipboard'

export const clipboard: ClipboardPort = {
  supported: () => true,
  async copyText(text) {
    try {
      await Taro.setClipboardData({ data: text })
      return true
    } catch {
      return false
    }
  },
}
