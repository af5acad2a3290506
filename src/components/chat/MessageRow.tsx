import { View } from '@tarojs/components'
import { memo } from 'react'
import { MsgType } from '@shared/chat'
import { ApplySource } from '@shared/friends'
import Avatar from '@/components/layout/Avatar'
import { isSystemUserID } from '@/components/conversation/conversationInfo'
import { useAppStore } from '@/stores'
import { mediaUrl } from '@/services/chat/upload'
import type { UiMessage } from '@/stores/slices/messages'
import { formatMessageTime } from '@/utils/time'
import { useChatScreen } from './chatContext'
import { callRecordOf, signalOf } from '@/engines/call/signaling'
import { parseCustomContent } from '@/domain/chat/customMessage'
import CallRecordBubble from '@/components/call/CallRecordBubble'
import MessageBubble from './MessageBubble'
import { groupTipText } from '@/utils/summary'
import { readStatusOf } from './messageDisplay'
import SendStatus from './SendStatus'
import MessageExtras from './ops/MessageExtras'
import { usePressMenu } from '@/components/conversation/usePressMenu'
import { messageKey } from '@/stores/chat/uiMessage'
import { QUOTE_REVOKED_TEXT, replyOf, type MessageReply } from './menu/quote'

/** The quote a message carries, under its bubble; a click jumps to the original. */
function QuoteBlock({ reply, conversationID, onJump }: { reply: MessageReply; conversationID: string; onJump(): void }) {
  const revoked = useAppStore((s) => s.messages[conversationID]?.list.find((m) => m.ID === reply.messageID)?.isRevoked ?? false)
  return (
    <View className='msg-quote' data-testid='msg-quote' onClick={onJump}>
      {revoked ? QUOTE_REVOKED_TEXT : `${reply.messageSender}: ${reply.messageAbstract}`}
    </View>
  )
}

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
  const readStatus = useAppStore((s) => s.chatFeatures.readStatus)
  const { handlers, guardClick } = usePressMenu((point) => {
    if (!screen.selecting) screen.openMenu(message, point)
  })
  const own = message.from === screen.selfID
  // Call messages show as record cards; the steps that are not records (the invite…) show nothing.
  const callRecord = message.type === MsgType.Custom && !message.isRevoked ? callRecordOf(message, screen.selfID) : null
  if (!callRecord && message.type === MsgType.Custom && signalOf(message)) return null
  const custom = message.type === MsgType.Custom && !callRecord ? parseCustomContent(message.payload) : null
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

  const key = messageKey(message)
  const selectable = screen.selecting && message.status === 'success'
  const selected = screen.selectedKeys.has(key)
  const reply = replyOf(message)
  const read = own && message.status === 'success' ? readStatusOf(message, screen.conversation, { readStatus }) : null
  const name = message.nameCard || message.nick || message.from
  // One-to-one avatars open the profile card; group avatars the member card (group rules apply).
  const openAvatar = isSystemUserID(message.from)
    ? undefined
    : !screen.isGroup
      ? () => useAppStore.getState().openProfile({ wtId: message.from, applySource: ApplySource.SearchId })
      : screen.openMember && !own
        ? () => screen.openMember?.(message.from)
        : undefined
  return (
    <View id={anchorId}>
      {time}
      <View
        className={`msg-row ${own ? 'msg-row--own' : 'msg-row--in'}${watch ? ' msg-row--watch' : ''}${screen.highlightKey === key ? ' msg-row--blink' : ''}${
          screen.selecting ? ' msg-row--selecting' : ''
        }`}
        data-key={watch ? message.ID : undefined}
        data-highlight={screen.highlightKey === key ? 'true' : undefined}
        onClick={selectable ? () => screen.toggleSelected(message) : undefined}
        {...rowData(message)}
      >
        {screen.selecting ? (
          <View className={`msg-select${selected ? ' msg-select--on' : ''}${selectable ? '' : ' msg-select--disabled'}`} data-testid='msg-select' data-selected={selected ? 'true' : 'false'} />
        ) : null}
        <View
          className={openAvatar ? 'msg-row__avatar-button' : undefined}
          data-testid={openAvatar ? 'msg-avatar' : undefined}
          onClick={openAvatar}
        >
          <Avatar src={avatarSrc(message.avatar)} size={36} className='msg-row__avatar' />
        </View>
        <View className='msg-row__main'>
          {screen.isGroup && !own ? <View className='msg-row__nick'>{name}</View> : null}
          <View className='msg-row__line' data-testid='msg-bubble' {...handlers}>
            {callRecord ? (
              <CallRecordBubble record={callRecord} own={own} />
            ) : message.type === MsgType.Merger && !message.hasRiskContent ? (
              <View
                className='msg-row__merger'
                onClick={guardClick(() => {
                  if (!screen.selecting) screen.openMerged(message.payload)
                })}
              >
                <MessageBubble message={message} own={own} custom={custom} />
              </View>
            ) : (
              <MessageBubble message={message} own={own} custom={custom} />
            )}
            {own ? <SendStatus message={message} onResend={() => screen.askResend(message)} /> : null}
          </View>
          {reply ? (
            <QuoteBlock
              reply={reply}
              conversationID={screen.conversationID}
              onJump={() => {
                if (!screen.selecting) void screen.jumpToMessage(reply.messageID)
              }}
            />
          ) : null}
          {callRecord ? null : <MessageExtras message={message} own={own} />}
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
