import { useCallback, useRef, useState } from 'react'
import { MOMENT_IMAGES_MAX } from '@shared/moments'
import { UploadKind } from '@shared/upload'
import { filePicker, type PickedFile } from '@/platform/filePicker'
import { useApp } from '@/root/AppContext'
import { imageRoom, moveItem } from './momentRules'

/** A picture or the video of the draft: shown at once from the device, uploaded in the background. */
export interface DraftMedia {
  key: string
  preview: string
  /** 0..1 */
  progress: number
  /** The upload's URL once done. */
  url: string
  failed: boolean
  file: PickedFile
}

/**
 * The draft's pictures (up to 9: picked, uploaded one by one with progress, reordered, removed) or
 * its one video. Each draft has its own keys, so two drafts never mix their uploads.
 */
export function usePublishMedia() {
  const app = useApp()
  const { uploadFile } = app.chat
  const [images, setImages] = useState<DraftMedia[]>([])
  const [video, setVideo] = useState<DraftMedia | null>(null)
  const latest = useRef({ images, video })
  latest.current = { images, video }
  const counter = useRef(0)

  const patchImage = (key: string, change: Partial<DraftMedia>) => setImages((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)))

  const addImages = useCallback(async () => {
    const room = imageRoom(latest.current.images.length, latest.current.video !== null)
    if (room === 0) {
      app.toast.info(`最多选择${MOMENT_IMAGES_MAX}张图片`)
      return
    }
    const picked = await filePicker.pickImages({ multiple: true })
    if (picked.length > room) app.toast.info(`最多选择${MOMENT_IMAGES_MAX}张图片`)
    const added = picked.slice(0, room).map((file) => ({ key: `img-${++counter.current}`, preview: file.localUrl, progress: 0, url: '', failed: false, file }))
    setImages((list) => [...list, ...added])
    for (const item of added) {
      uploadFile(item.file, UploadKind.Image, (fraction) => patchImage(item.key, { progress: fraction }))
        .then((result) => patchImage(item.key, { url: result.url, progress: 1 }))
        .catch(() => patchImage(item.key, { failed: true }))
    }
  }, [])

  const addVideo = useCallback(async () => {
    if (latest.current.images.length) return
    const file = await filePicker.pickVideo()
    if (!file) return
    const item: DraftMedia = { key: `video-${++counter.current}`, preview: file.localUrl, progress: 0, url: '', failed: false, file }
    setVideo(item)
    const same = (v: DraftMedia | null) => v?.key === item.key
    uploadFile(file, UploadKind.Video, (fraction) => setVideo((v) => (same(v) ? { ...v!, progress: fraction } : v)))
      .then((result) => setVideo((v) => (same(v) ? { ...v!, url: result.url, progress: 1 } : v)))
      .catch(() => setVideo((v) => (same(v) ? { ...v!, failed: true } : v)))
  }, [])

  const move = useCallback((from: number, to: number) => setImages((list) => moveItem(list, from, to)), [])
  const removeImage = useCallback((key: string) => setImages((list) => list.filter((i) => i.key !== key)), [])
  const removeVideo = useCallback(() => setVideo(null), [])
  const reset = useCallback(() => {
    for (const item of [...latest.current.images, ...(latest.current.video ? [latest.current.video] : [])]) filePicker.release(item.file)
    setImages([])
    setVideo(null)
  }, [])

  const all = video ? [video] : images
  const uploading = all.some((m) => !m.url && !m.failed)
  const failed = all.some((m) => m.failed)
  return { images, video, addImages, addVideo, move, removeImage, removeVideo, reset, uploading, failed }
}
