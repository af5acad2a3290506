import type { AudioPlayerPort } from './audioPlayer'

let current: { audio: HTMLAudioElement; end: () => void } | null = null

function stop(): void {
  const playing = current
  current = null
  if (!playing) return
  playing.audio.pause()
  playing.audio.removeAttribute('src')
  playing.end()
}

export const audioPlayer: AudioPlayerPort = {
  play(url, onEnd) {
    stop()
    const audio = new Audio(url)
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      if (current?.audio === audio) current = null
      onEnd?.()
    }
    current = { audio, end }
    audio.onended = end
    audio.onerror = () => {
      console.warn('audio playback failed', url)
      end()
    }
    audio.play().catch((err: unknown) => {
      console.warn('audio playback refused', err)
      end()
    })
    return () => {
      if (current?.audio === audio) stop()
    }
  },
  stop,
}
