import { Image, View } from '@tarojs/components'
import { memo, useState } from 'react'
import { MsgType } from '@shared/chat'
import { isSpecialConversation } from '@/domain/chat/specialConversations'
import { useApp, useAppStore } from '@/root/AppContext'
import { messageKey } from '@/stores/chat/uiMessage'
import type { UiMessage } from '@/stores/slices/messages'
import { BASIC_EMOJI, emojiUrl } from '@/utils/emoji'
import { useChatScreen } from '../chatContext'
import './ops.scss'
import { pressable } from '@/platform/focus'
import { OUT_OF_TAB_ORDER } from '../pressable'

/** The reactions offered in the quick picker: the first row of the basic set. */
const QUICK_REACTIONS = BASIC_EMOJI.slice(0, 16)

interface Props {
  message: UiMessage
  own: boolean
}

function report(err: unknown) {
  console.warn('message action failed', err)
}

/**
 * What sits under a bubble: the emoji reactions, the translation or voice-to-text panel, and
 * the row's quick actions (react, translate, to text, pin), shown on hover and by the menu.
 */
function MessageExtras({ message, own }: Props) {
  const app = useApp()
  const { togglePanel, pinMessage, toggleReaction } = app.messageOps
  const screen = useChatScreen()
  const features = useAppStore((s) => s.chatFeatures)
  const panel = useAppStore((s) => s.messagePanels[messageKey(message)])
  const [pickingHere, setPicking] = useState(false)
  const fromMenu = useAppStore((s) => s.reactionPickerFor === messageKey(message))
  const picking = pickingHere || fromMenu
  const conv = screen.conversationID
  const stored = message.status === 'success' && message.sequence > 0
  const reactions = message.reactionList ?? []
  const canTranslate = features.translate && stored && message.type === MsgType.Text
  const canVoice = features.voiceToText && stored && message.type === MsgType.Audio
  const canPin = !screen.isGroup && !isSpecialConversation(screen.conversationID) && stored && message.type !== MsgType.Audio

  const closePicker = () => {
    setPicking(false)
    if (fromMenu) app.store.getState().setReactionPickerFor(null)
  }
  const react = (reactionID: string) => {
    closePicker()
    toggleReaction(conv, message, reactionID).catch(report)
  }

  return (
    <View className={`msg-extras${own ? ' msg-extras--own' : ''}`}>
      {panel ? (
        <View className={`msg-panel msg-panel--${panel.status}`} data-testid={`msg-panel-${panel.kind}`} data-status={panel.status}>
          {panel.status === 'loading' ? (
            <>
              <View className='spinner' /> {panel.kind === 'translate' ? '翻译中…' : '转换中…'}
            </>
          ) : (
            panel.text
          )}
        </View>
      ) : null}
      {reactions.length > 0 ? (
        <View className='msg-reactions' data-testid='msg-reactions'>
          {reactions.map((r) => {
            const url = emojiUrl(r.reactionID)
            return (
              <View {...(screen.selecting ? OUT_OF_TAB_ORDER : pressable())}
                key={r.reactionID}
                className={`msg-reaction${r.reacted ? ' msg-reaction--mine' : ''}`}
                data-testid='msg-reaction'
                data-reaction={r.reactionID}
                data-count={String(r.totalUserCount)}
                aria-label={`${r.reactionID} ${r.totalUserCount}: ${r.partialUserList.map((u) => u.nick).join('、')}`}
                onClick={() => (features.emojiReaction && !screen.selecting ? react(r.reactionID) : undefined)}
              >
                {url ? <Image nativeProps={{ alt: '' }} className='msg-reaction__img' src={url} /> : r.reactionID}
                <View className='msg-reaction__count'>{r.totalUserCount}</View>
              </View>
            )
          })}
        </View>
      ) : null}
      {/* While messages are picked a click anywhere on the row ticks it: no quick actions then. */}
      {stored && !screen.selecting ? (
        <View className='msg-quick' data-testid='msg-quick'>
          {features.emojiReaction ? (
            <View {...pressable()} className='msg-quick__item' data-testid='msg-quick-react' onClick={() => (picking ? closePicker() : setPicking(true))}>
              回应
            </View>
          ) : null}
          {canTranslate ? (
            <View {...pressable()} className='msg-quick__item' data-testid='msg-quick-translate' onClick={() => void togglePanel('translate', conv, message)}>
              {panel?.kind === 'translate' ? '隐藏' : '翻译'}
            </View>
          ) : null}
          {canVoice ? (
            <View {...pressable()} className='msg-quick__item' data-testid='msg-quick-voice' onClick={() => void togglePanel('voice', conv, message)}>
              {panel?.kind === 'voice' ? '隐藏' : '转文字'}
            </View>
          ) : null}
          {canPin ? (
            <View {...pressable()} className='msg-quick__item' data-testid='msg-quick-pin' onClick={() => pinMessage(conv, message).catch(report)}>
              置顶
            </View>
          ) : null}
        </View>
      ) : null}
      {picking ? (
        <View className='msg-react-picker' data-testid='reaction-picker'>
          {QUICK_REACTIONS.map((e) => (
            <View {...pressable()} key={e.name} className='msg-react-picker__item' data-testid='reaction-option' data-reaction={e.name} aria-label={e.name} onClick={() => react(e.name)}>
              <Image nativeProps={{ alt: '' }} className='msg-react-picker__img' src={e.url} />
            </View>
          ))}
        </View>
      ) : null}
    </View>
  )
}

export default memo(MessageExtras)
