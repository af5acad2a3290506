import Taro from '@tarojs/taro'
import { mimeFromName } from './fileTypes'
import type { MediaInfoPort } from './mediaInfo'

export const mediaInfo: MediaInfoPort = {
  async imageSize(file) {
    try {
      const res = await Taro.getImageInfo({ src: file.path ?? file.localUrl })
      return { width: res.width, height: res.height }
    } catch {
      return { width: 0, height: 0 }
    }
  },
  async videoInfo(file) {
    const thumb = file.thumbPath
    const poster = thumb
      ? { name: thumb.split('/').pop() ?? 'poster.jpg', size: 0, mime: mimeFromName(thumb) || 'image/jpeg', localUrl: thumb, path: thumb }
      : null
    try {
      const res = await Taro.getVideoInfo({ src: file.path ?? file.localUrl })
      return { duration: res.duration, width: res.width, height: res.height, poster }
    } catch {
      return { duration: 0, width: 0, height: 0, poster }
    }
  },
}
