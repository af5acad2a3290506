import Taro from '@tarojs/taro'
import type { RingtonePort } from './ringtone'

let current: Taro.InnerAudioContext | null = null

export const ringtone: RingtonePort = {
  loop(url) {
    ringtone.stop()
    const ctx = Taro.createInnerAudioContext()
    ctx.src = url
    ctx.loop = true
    ctx.play()
    current = ctx
  },
  stop() {
    current?.stop()
    current?.destroy()
    current = null
  },
  isPlayableAudio: (url) =>
    new Promise((resolve) => {
      Taro.request({ url, method: 'HEAD', success: (r) => resolve(r.statusCode === 200 && String(r.header['Content-Type'] ?? r.header['content-type'] ?? '').startsWith('audio/mpeg')), fail: () => resolve(false) })
    }),
}
