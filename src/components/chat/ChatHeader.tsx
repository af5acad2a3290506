import { Image, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { Conversation } from '@shared/chat'
import { icons } from '@/assets/icons'
import { isHelperConversation } from '@/domain/chat/specialConversations'
import { conversationTitle } from './conversationName'
import { pressable } from '@/platform/focus'

interface Props {
  conversationID: string
  conversation: Conversation | undefined
  typing: boolean
  onBack?: () => void
  /** Buttons at the right end: message search, and the group chat's. */
  actions?: ReactNode
}

export default function ChatHeader({ conversationID, conversation, typing, onBack, actions }: Props) {
  const group = conversation?.groupProfile ?? null
  const isGroup = conversationID.startsWith('GROUP')
  return (
    <View className={`chat-header${onBack ? ' chat-header--back' : ''}`}>
      {onBack ? (
        <View {...pressable()} className='chat-header__back' data-testid='chat-back' aria-label='返回' onClick={onBack}>
          <Image nativeProps={{ alt: '' }} className='chat-header__back-icon' src={icons.back} />
        </View>
      ) : null}
      <View className='chat-header__titles'>
        <View className='chat-header__title'>
          <View className='chat-header__name' data-testid='chat-header-name'>
            {conversationTitle(conversationID, conversation)}
          </View>
          {isHelperConversation(conversationID) ? (
            <View className='official-tag' data-testid='official-tag'>
              官方
            </View>
          ) : null}
          {isGroup && group ? (
            <View className='chat-header__count' data-testid='chat-member-count'>
              ({group.memberCount})
            </View>
          ) : null}
        </View>
        {typing ? (
          <View className='chat-header__typing' data-testid='chat-typing'>
            对方正在输入...
          </View>
        ) : null}
      </View>
      {actions ? <View className='chat-header__actions'>{actions}</View> : null}
    </View>
  )
}
