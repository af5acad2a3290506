import { View } from '@tarojs/components'
import { MsgType } from '@shared/chat'
import type { UiMessage } from '@/stores/slices/messages'
import { pressable } from '@/platform/focus'

/** Kinds whose upload progress is drawn on the bubble itself; the others show a spinner while sending. */
const PROGRESS_ON_BUBBLE: ReadonlySet<string> = new Set([MsgType.Image, MsgType.Video, MsgType.File])

interface Props {
  message: UiMessage
  onResend(): void
}

/**
 * Beside one's own bubble: a spinner (or the percentage of a voice upload) while unSend, and for
 * failed or risk-flagged messages the red '!' (spec 4 "Send status"), which offers a resend except
 * for risk content.
 */
export default function SendStatus({ message, onResend }: Props) {
  if (message.status === 'unSend') {
    if (PROGRESS_ON_BUBBLE.has(message.type)) return null
    if (message.type === MsgType.Audio && message.progress < 1) {
      return <View className='send-status send-status__pct'>{Math.round(message.progress * 100)}%</View>
    }
    return (
      <View className='send-status' data-testid='msg-sending'>
        <View className='spinner send-status__spinner' />
      </View>
    )
  }
  if (message.status === 'fail' || message.hasRiskContent) {
    const risky = message.hasRiskContent
    return (
      <View {...pressable()}
        className={`send-status send-status__fail${risky ? ' send-status__fail--risk' : ''}`}
        data-testid='msg-fail'
        data-risk={risky ? 'true' : 'false'}
        aria-label={risky ? '发送失败' : '发送失败，点击重发'}
        onClick={(e) => {
          e.stopPropagation()
          if (!risky) onResend()
        }}
      >
        !
      </View>
    )
  }
  return null
}
