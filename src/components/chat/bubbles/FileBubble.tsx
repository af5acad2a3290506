import { Image, View } from '@tarojs/components'
import { fileOpener } from '@/platform/fileOpener'
import type { UiMessage } from '@/stores/slices/messages'
import { formatFileSize } from '@/utils/size'
import { chatIcons } from '../chatIcons'
import { truncateFileName } from '../messageDisplay'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

export default function FileBubble({ message }: { message: UiMessage }) {
  const app = useApp()
  const { messageMediaUrl } = app.chat
  const { toast } = app
  const p = message.payload
  const name = typeof p.fileName === 'string' ? p.fileName : '文件'
  const size = typeof p.fileSize === 'number' ? p.fileSize : 0
  const url = typeof p.fileUrl === 'string' && p.fileUrl ? messageMediaUrl(p.fileUrl) : ''
  const uploading = message.status === 'unSend'
  const pct = Math.round(Math.max(0, Math.min(1, message.progress)) * 100)
  const open = () => {
    if (!url || uploading) return
    fileOpener.download(url, name).catch((err: Error) => toast.error(err.message || '下载失败'))
  }
  return (
    <View {...pressable()} className='bubble bubble--file' data-testid='msg-file' aria-label={name} onClick={open}>
      <View className='bubble-file__text'>
        <View className='bubble-file__name'>{truncateFileName(name)}</View>
        <View className='bubble-file__size'>{uploading ? `${formatFileSize(size)} · 上传中 ${pct}%` : formatFileSize(size)}</View>
      </View>
      <Image nativeProps={{ alt: '' }} className='bubble-file__icon' src={chatIcons.fileType} />
      {uploading ? (
        <View className='bubble-file__progress'>
          <View className='bubble-file__progress-fill' style={{ width: `${pct}%` }} />
        </View>
      ) : null}
    </View>
  )
}
