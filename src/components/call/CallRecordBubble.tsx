import { Image, View } from '@tarojs/components'
import type { CallRecord } from '@/engines/call/signaling'
import { callIcons } from './callIcons'
import { useCallText } from './useCallText'

/** A group call's summary, a line across the chat like a group notice: 群通话已结束，时长 00:01:05. */
export function CallRecordTip({ record }: { record: CallRecord }) {
  const t = useCallText()
  return (
    <View className='msg-tip' data-testid='msg-call' data-key={record.key} data-media={record.mediaType}>
      {t(record.key, { duration: record.duration })}
    </View>
  )
}

/** A call record in the chat history: 'Duration: 00:01:05', 'Call Cancel', 'Declined'… */
export default function CallRecordBubble({ record, own }: { record: CallRecord; own: boolean }) {
  const t = useCallText()
  return (
    <View className={`bubble bubble--text bubble--call${own ? ' bubble--own' : ''}`} data-testid='msg-call' data-key={record.key} data-media={record.mediaType}>
      <Image nativeProps={{ alt: '' }} className='bubble--call__icon' src={record.mediaType === 2 ? callIcons.videoCall : callIcons.phone} />
      <View>{t(record.key, { duration: record.duration })}</View>
    </View>
  )
}
