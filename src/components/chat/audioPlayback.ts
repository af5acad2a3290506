import { useSyncExternalStore } from 'react'
import { audioPlayer } from '@/platform/audioPlayer'

/**
 * Which voice message is playing, observable so its bubble can animate. The player plays one at a
 * time; starting another ends the first (its onEnd runs, which must not clear the new one).
 */
let playingKey: string | null = null
const listeners = new Set<() => void>()

function setPlaying(key: string | null): void {
  if (playingKey === key) return
  playingKey = key
  for (const l of [...listeners]) l()
}

/** Plays `url`, or stops it when it is the one playing. */
export function toggleAudio(key: string, url: string): void {
  if (playingKey === key) {
    audioPlayer.stop()
    setPlaying(null)
    return
  }
  setPlaying(key)
  audioPlayer.play(url, () => {
    if (playingKey === key) setPlaying(null)
  })
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function usePlayingAudio(): string | null {
  return useSyncExternalStore(subscribe, () => playingKey, () => playingKey)
}
