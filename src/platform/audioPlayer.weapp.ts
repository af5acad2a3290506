import Taro from '@tarojs/taro'
import type { AudioPlayerPort } from './audioPlayer'

let current: { ctx: Taro.InnerAudioContext; end: () => void } | null = null

function stop(): void {
  const playing = current
  current = null
  if (!playing) return
  playing.ctx.stop()
  playing.ctx.destroy()
  playing.end()
}

export const audioPlayer: AudioPlayerPort = {
  play(url, onEnd) {
    stop()
    const ctx = Taro.createInnerAudioContext()
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      if (current?.ctx === ctx) current = null
      onEnd?.()
    }
    current = { ctx, end }
    ctx.src = url
    ctx.onEnded(() => {
      end()
      ctx.destroy()
    })
    ctx.onError((res) => {
      console.warn('audio playback failed', res.errMsg)
      end()
      ctx.destroy()
    })
    ctx.play()
    return () => {
      if (current?.ctx === ctx) stop()
    }
  },
  stop,
}
