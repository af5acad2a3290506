import type { RingtonePort } from './ringtone'

let current: HTMLAudioElement | null = null

export const ringtone: RingtonePort = {
  loop(url) {
    ringtone.stop()
    const audio = new Audio(url)
    audio.loop = true
    audio.dataset.ringtone = url
    current = audio
    // Autoplay may be refused before the first user gesture; the call still works without the tone.
    void audio.play().catch(() => undefined)
  },
  stop() {
    if (!current) return
    current.pause()
    current.src = ''
    current = null
  },
  async isPlayableAudio(url) {
    try {
      const res = await fetch(url, { method: 'HEAD' })
      return res.status === 200 && (res.headers.get('content-type') ?? '').split(';')[0]!.trim() === 'audio/mpeg'
    } catch {
      return false
    }
  },
}

/** The tone playing now (tests and diagnostics). */
export const playingRingtone = () => (current ? current.dataset.ringtone ?? '' : '')
