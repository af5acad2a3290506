import { Image, View } from '@tarojs/components'
import type { CallRecord } from '@/engines/call/signaling'
import { callIcons } from './callIcons'
import { useCallText } from './useCallText'

/** A call record in the chat history: 'Duration: 00:01:05', 'Call Cancel', 'Declined'… */
export default function CallRecordBubble({ record, own }: { record: CallRecord; own: boolean }) {
  const t = useCallText()
  return (
    <View className={`bubble bubble--text bubble--call${own ? ' bubble--own' : ''}`} data-testid='msg-call' data-key={record.key} data-media={record.mediaType}>
      <Image className='bubble--call__icon' src={record.mediaType === 2 ? callIcons.videoCall : callIcons.phone} />
      <View>{t(record.key, { duration: record.duration })}</View>
    </View>
  )
}
