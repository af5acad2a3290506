import { View } from '@tarojs/components'
import { memo } from 'react'
import { MsgType } from '@shared/chat'
import Avatar from '@/components/layout/Avatar'
import { mediaUrl } from '@/services/chat/upload'
import type { UiMessage } from '@/stores/slices/messages'
import { formatMessageTime } from '@/utils/time'
import { useChatScreen } from './chatContext'
import { parseCustomContent } from './customMessage'
import MessageBubble from './MessageBubble'
import { groupTipText } from '@/utils/summary'
import { isSystemUserID } from '@/components/conversation/conversationInfo'
import { readStatusOf } from './messageDisplay'
import SendStatus from './SendStatus'

interface Props {
  message: UiMessage
  /** Shows the time row above (spec: first message, or 600 s after the previous one). */
  showTime: boolean
  /** An incoming message not yet reported as seen: the list watches it for 70 % visibility. */
  watch: boolean
  /** Element id, also the anchor that keeps the view still while older messages load. */
  anchorId: string
}

function avatarSrc(url: string): string {
  return url.startsWith('/api/') ? mediaUrl(url) : url
}

function rowData(message: UiMessage) {
  return {
    'data-testid': 'msg-row',
    'data-seq': String(message.sequence),
    'data-id': message.ID,
    'data-status': message.status,
    'data-type': message.type,
  }
}

function TimeDivider({ time }: { time: number }) {
  return (
    <View className='msg-time' data-testid='msg-time-divider'>
      {formatMessageTime(time)}
    </View>
  )
}

function MessageRow({ message, showTime, watch, anchorId }: Props) {
  const screen = useChatScreen()
  const own = message.from === screen.selfID
  const custom = message.type === MsgType.Custom ? parseCustomContent(message.payload) : null
  const time = showTime ? <TimeDivider time={message.time} /> : null

  if (message.isRevoked) {
    const admin = message.revoker === 'administrator' || (message.revoker !== '' && message.revoker !== message.from)
    const text = admin ? '该消息已被管理员撤回' : own ? '你撤回了一条消息' : `${message.nameCard || message.nick || message.from} 撤回了一条消息`
    const reEdit = own && !admin && message.type === MsgType.Text && typeof message.payload.text === 'string'
    return (
      <View id={anchorId}>
        {time}
        <View className='msg-tip' {...rowData(message)}>
          {text}
          {reEdit ? (
            <View className='link msg-tip__action' onClick={() => screen.editText(String(message.payload.text))}>
              重新编辑
            </View>
          ) : null}
        </View>
      </View>
    )
  }

  if (message.type === MsgType.GroupTip || custom?.kind === 'tip') {
    const text =
      custom?.kind === 'tip'
        ? custom.text
        : groupTipText(message.payload, screen.selfID, message.payload.operatorID === message.from ? message.nick : '')
    return (
      <View id={anchorId}>
        {time}
        <View className='msg-tip' {...rowData(message)}>
          {text}
        </View>
      </View>
    )
  }

  const read = own && message.status === 'success' ? readStatusOf(message, screen.conversation) : null
  const name = message.nameCard || message.nick || message.from
  return (
    <View id={anchorId}>
      {time}
      <View
        className={`msg-row ${own ? 'msg-row--own' : 'msg-row--in'}${watch ? ' msg-row--watch' : ''}`}
        data-key={watch ? message.ID : undefined}
        {...rowData(message)}
      >
        {screen.openMember && !own && !isSystemUserID(message.from) ? (
          <View className='msg-row__avatar-link' data-testid='msg-avatar' onClick={() => screen.openMember?.(message.from)}>
            <Avatar src={avatarSrc(message.avatar)} size={36} className='msg-row__avatar' />
          </View>
        ) : (
          <Avatar src={avatarSrc(message.avatar)} size={36} className='msg-row__avatar' />
        )}
        <View className='msg-row__main'>
          {screen.isGroup && !own ? <View className='msg-row__nick'>{name}</View> : null}
          <View className='msg-row__line'>
            <MessageBubble message={message} own={own} custom={custom} />
            {own ? <SendStatus message={message} onResend={() => screen.askResend(message)} /> : null}
          </View>
          {read ? (
            <View
              className={`msg-read msg-read--${read.kind}${read.kind === 'c2c' && read.read ? ' msg-read--done' : ''}${read.kind === 'group' ? ' msg-read--clickable' : ''}`}
              data-testid='msg-read-status'
              onClick={() => {
                if (read.kind === 'group') screen.openReceipts(message)
              }}
            >
              {read.text}
            </View>
          ) : null}
        </View>
      </View>
    </View>
  )
}

export default memo(MessageRow)
