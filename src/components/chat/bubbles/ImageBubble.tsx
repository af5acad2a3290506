import { Image, View } from '@tarojs/components'
import type { UiMessage } from '@/stores/slices/messages'
import { fitImage } from '@/utils/media'
import { useChatScreen } from '../chatContext'
import UploadProgress from './UploadProgress'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

/** Spec 4 "Image click": the preview opens only for images that are on the server. */
export function canPreview(message: Pick<UiMessage, 'status' | 'progress'>): boolean {
  return message.status === 'success' || message.progress >= 1
}

export default function ImageBubble({ message }: { message: UiMessage }) {
  const { messageMediaUrl } = useApp().chat
  const { fit, openPreview } = useChatScreen()
  const p = message.payload
  const box = fitImage({ width: num(p.width), height: num(p.height) }, fit)
  const remote = typeof p.url === 'string' && p.url ? messageMediaUrl(p.url) : ''
  const src = message.localUrl || remote
  const uploading = message.status === 'unSend'
  return (
    <View {...pressable()}
      className={`bubble-media${canPreview(message) ? ' bubble-media--clickable' : ''}`}
      data-testid='msg-image'
      style={{ width: `${box.width}px`, height: `${box.height}px` }}
      onClick={() => {
        if (canPreview(message)) openPreview(message)
      }}
    >
      {src ? <Image nativeProps={{ alt: '' }} className='bubble-media__img' src={src} mode='aspectFill' lazyLoad /> : null}
      {uploading ? <UploadProgress progress={message.progress} /> : null}
    </View>
  )
}
