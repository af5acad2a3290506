import { View } from '@tarojs/components'
import { MsgType } from '@shared/chat'
import type { UiMessage } from '@/stores/slices/messages'
import AudioBubble from './bubbles/AudioBubble'
import CustomBubble from './bubbles/CustomBubble'
import FaceBubble from './bubbles/FaceBubble'
import FileBubble from './bubbles/FileBubble'
import ImageBubble from './bubbles/ImageBubble'
import LocationBubble from './bubbles/LocationBubble'
import MergerBubble from './bubbles/MergerBubble'
import TextBubble from './bubbles/TextBubble'
import VideoBubble from './bubbles/VideoBubble'
import type { CustomContent } from '@/domain/chat/customMessage'
import { missingCase } from '@/utils/missingCase'
import { riskText } from './messageDisplay'

interface Props {
  message: UiMessage
  own: boolean
  /** Parsed once by the row, which also decides whether a custom message is a tip. */
  custom: CustomContent | null
}

/** The content of one chat message, by kind (group tips never get here: they are rows of their own). */
export default function MessageBubble({ message, own, custom }: Props) {
  if (message.hasRiskContent) {
    return (
      <View className={`bubble bubble--text bubble--risk${own ? ' bubble--own' : ''}`} data-testid='msg-risk'>
        {riskText(message, own)}
      </View>
    )
  }
  const p = message.payload
  switch (message.type) {
    case MsgType.Text:
      return <TextBubble text={typeof p.text === 'string' ? p.text : ''} own={own} />
    case MsgType.Face:
      return <FaceBubble index={typeof p.index === 'number' ? p.index : 0} data={typeof p.data === 'string' ? p.data : ''} />
    case MsgType.Image:
      return <ImageBubble message={message} />
    case MsgType.Video:
      return <VideoBubble message={message} />
    case MsgType.Audio:
      return <AudioBubble message={message} own={own} />
    case MsgType.File:
      return <FileBubble message={message} />
    case MsgType.Location:
      return <LocationBubble payload={p} />
    case MsgType.Merger:
      return <MergerBubble payload={p} />
    case MsgType.Custom:
      return custom && custom.kind !== 'tip' ? <CustomBubble content={custom} own={own} /> : null
    case MsgType.GroupTip:
      return null
    default:
      return missingCase(message, 'message type')
  }
}
