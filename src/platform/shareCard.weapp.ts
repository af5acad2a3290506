import Taro, { useShareAppMessage } from '@tarojs/taro'
import type { ShareCardPort } from './shareCard'

/** WeChat asks the page for its card (onShareAppMessage; the page config enables it). */
export const shareCard: ShareCardPort = {
  available: true,
  usePageShare(card) {
    useShareAppMessage(() => card())
  },
  async localImage(url) {
    const res = await Taro.downloadFile({ url })
    if (res.statusCode !== 200) throw new Error(`the picture answered ${res.statusCode}`)
    return res.tempFilePath
  },
}
