import type { PickedFile } from './filePicker'
import type { MediaInfoPort, VideoInfo } from './mediaInfo'

/** Media that never loads (a broken file) must not hold a send forever. */
const LOAD_TIMEOUT_MS = 10_000

function withTimeout<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), LOAD_TIMEOUT_MS)
    promise.then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      () => {
        clearTimeout(timer)
        resolve(fallback)
      },
    )
  })
}

function loadImage(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight })
    img.onerror = () => reject(new Error('image did not load'))
    img.src = url
  })
}

function posterOf(video: HTMLVideoElement, name: string): Promise<PickedFile | null> {
  return new Promise((resolve) => {
    const canvas = document.createElement('canvas')
    canvas.width = video.videoWidth
    canvas.height = video.videoHeight
    const ctx = canvas.getContext('2d')
    if (!ctx || !canvas.width || !canvas.height) return resolve(null)
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height)
    canvas.toBlob(
      (blob) => {
        if (!blob) return resolve(null)
        const posterName = `${name.replace(/\.[^.]*$/, '') || 'video'}-poster.jpg`
        resolve({ name: posterName, size: blob.size, mime: 'image/jpeg', localUrl: URL.createObjectURL(blob), blob })
      },
      'image/jpeg',
      0.8,
    )
  })
}

function loadVideo(file: PickedFile): Promise<VideoInfo> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video')
    video.preload = 'auto'
    video.muted = true
    video.playsInline = true
    let duration = 0
    video.onloadedmetadata = () => {
      duration = Number.isFinite(video.duration) ? video.duration : 0
      // A frame a little way in is more telling than a black first frame.
      video.currentTime = Math.min(0.1, duration / 2 || 0)
    }
    video.onseeked = () => {
      const base = { duration, width: video.videoWidth, height: video.videoHeight }
      posterOf(video, file.name).then((poster) => {
        video.removeAttribute('src')
        video.load()
        resolve({ ...base, poster })
      }, reject)
    }
    video.onerror = () => reject(new Error('video did not load'))
    video.src = file.localUrl
  })
}

export const mediaInfo: MediaInfoPort = {
  imageSize: (file) => withTimeout(loadImage(file.localUrl), { width: 0, height: 0 }),
  videoInfo: (file) => withTimeout(loadVideo(file), { duration: 0, width: 0, height: 0, poster: null }),
}
