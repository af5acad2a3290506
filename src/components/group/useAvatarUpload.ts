import { useCallback, useRef, useState } from 'react'
import { UploadKind } from '@shared/upload'
import { filePicker, type PickedFile } from '@/platform/filePicker'
import { useApp } from '@/root/AppContext'

export interface AvatarUploadState {
  /** What the tile shows: the local picture while and after uploading. */
  preview: string
  /** The uploaded file's address ('' until the upload has finished). */
  url: string
  /** 0..1 */
  progress: number
  uploading: boolean
}

const EMPTY: AvatarUploadState = { preview: '', url: '', progress: 0, uploading: false }

/**
 * Picks a picture and uploads it with progress (the group avatar). A new pick or a reset makes
 * the answer of an upload still running irrelevant, so it cannot overwrite the newer state.
 */
export function useAvatarUpload() {
  const app = useApp()
  const { uploadFile } = app.chat
  const { toast } = app
  const [state, setState] = useState<AvatarUploadState>(EMPTY)
  const generation = useRef(0)
  const shown = useRef<PickedFile | null>(null)

  // The local preview of a replaced or dropped picture is freed.
  const show = (file: PickedFile | null) => {
    if (shown.current && shown.current !== file) filePicker.release(shown.current)
    shown.current = file
  }

  const reset = useCallback(() => {
    generation.current += 1
    show(null)
    setState(EMPTY)
  }, [])

  const pick = useCallback(async () => {
    if (state.uploading) return
    const file = await filePicker.pickImage().catch((err: unknown) => {
      toast.error(err instanceof Error ? err.message : '无法选择图片')
      return null
    })
    if (!file) return
    const mine = ++generation.current
    show(file)
    setState({ preview: file.localUrl, url: '', progress: 0, uploading: true })
    try {
      const result = await uploadFile(file, UploadKind.Image, (progress) => {
        if (generation.current === mine) setState((s) => ({ ...s, progress }))
      })
      if (generation.current !== mine) return
      setState({ preview: file.localUrl, url: result.url, progress: 1, uploading: false })
      toast.success('上传成功')
    } catch {
      // uploadFile has shown the server's reason; the tile goes back to empty for another try.
      if (generation.current !== mine) return
      show(null)
      setState(EMPTY)
    }
  }, [state.uploading])

  return { ...state, pick, reset }
}
