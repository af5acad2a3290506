import { useCallback, useRef, useState } from 'react'
import { UploadKind } from '@shared/upload'
import { filePicker } from '@/platform/filePicker'
import { imageRoom, isReportImage, REPORT_IMAGE_TYPE_TEXT, REPORT_IMAGES_MAX, type ReportImage } from './reportRules'
import { ComplaintText } from '@shared/complaint'
import { useApp } from '@/root/AppContext'

let counter = 0

/** The report form's pictures: picked (png or jpeg only), uploaded one by one with progress, removable. */
export function useReportImages() {
  const app = useApp()
  const { uploadFile } = app.chat
  const { toast } = app
  const [images, setImages] = useState<ReportImage[]>([])
  const latest = useRef(images)
  latest.current = images

  const patch = (key: string, change: Partial<ReportImage>) =>
    setImages((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)))

  const add = useCallback(async () => {
    const room = imageRoom(latest.current)
    if (room === 0) {
      toast.info(ComplaintText.TooManyImages)
      return
    }
    const picked = await filePicker.pickImages({ multiple: true })
    const accepted = picked.filter(isReportImage)
    if (accepted.length < picked.length) toast.error(REPORT_IMAGE_TYPE_TEXT)
    if (accepted.length > room) toast.info(`最多上传${REPORT_IMAGES_MAX}张图片`)
    const taken = accepted.slice(0, room)
    const added = taken.map((file) => ({ file, image: { key: `report-${++counter}`, preview: file.localUrl, progress: 0, url: '', failed: false } }))
    setImages((list) => [...list, ...added.map((a) => a.image)])
    for (const { file, image } of added) {
      uploadFile(file, UploadKind.Image, (fraction) => patch(image.key, { progress: fraction }))
        .then((result) => patch(image.key, { url: result.url, progress: 1 }))
        .catch(() => patch(image.key, { failed: true }))
    }
  }, [])

  const remove = useCallback((key: string) => setImages((list) => list.filter((i) => i.key !== key)), [])
  const reset = useCallback(() => setImages([]), [])
  return { images, add, remove, reset }
}
