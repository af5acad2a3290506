import Taro from '@tarojs/taro'
import { View } from '@tarojs/components'
import { memo } from 'react'
import { MsgType } from '@shared/chat'
import { ApplySource } from '@shared/friends'
import Avatar from '@/components/layout/Avatar'
import { isSystemUserID } from '@/components/conversation/conversationInfo'
import { useApp, useAppStore } from '@/root/AppContext'
import type { UiMessage } from '@/stores/slices/messages'
import { formatMessageTime } from '@/utils/time'
import { useChatScreen } from './chatContext'
import { callRecordOf, signalOf } from '@/engines/call/signaling'
import { parseCustomContent } from '@/domain/chat/customMessage'
import { isRobotId, ROBOT_LABEL } from '@shared/plain/bots'
import { ADMIN_REVOKER } from '@shared/plain/messageOps'
import CallRecordBubble, { CallRecordTip } from '@/components/call/CallRecordBubble'
import MessageBubble from './MessageBubble'
import EmojiText from '@/components/emoji/EmojiText'
import { groupTipText } from '@/utils/summary'
import { readStatusOf } from './messageDisplay'
import SendStatus from './SendStatus'
import MessageExtras from './ops/MessageExtras'
import { usePressMenu, type PressPoint } from '@/components/conversation/usePressMenu'
import { messageKey } from '@/stores/chat/uiMessage'
import { QUOTE_REVOKED_TEXT, replyOf, type MessageReply } from './menu/quote'
import { MENU_WIDTH } from './menu/MessageMenu'
import { pressable } from '@/platform/focus'
import { OUT_OF_TAB_ORDER } from './pressable'

/** The quote a message carries, under its bubble; a click jumps to the original. */
function QuoteBlock({ reply, conversationID, selecting, onJump }: { reply: MessageReply; conversationID: string; selecting: boolean; onJump(): void }) {
  const revoked = useAppStore((s) => s.messages[conversationID]?.list.find((m) => m.ID === reply.messageID)?.isRevoked ?? false)
  return (
    <View {...(selecting ? OUT_OF_TAB_ORDER : pressable())} className='msg-quote' data-testid='msg-quote' onClick={onJump}>
      {revoked ? QUOTE_REVOKED_TEXT : <EmojiText className='quote-text' text={`${reply.messageSender}: ${reply.messageAbstract}`} emojiSize={14} />}
    </View>
  )
}

/** The key event as React hands it over; Taro's View types do not list keyboard handlers. */
interface KeyLike {
  key: string
  shiftKey?: boolean
  target: unknown
  currentTarget: unknown
  preventDefault(): void
}

/**
 * The keys that open a focused message's menu: Enter, the menu key and Shift+F10 (as a context
 * menu anywhere on the desktop).
 */
function isMenuKey(e: Pick<KeyLike, 'key' | 'shiftKey'>): boolean {
  return e.key === 'Enter' || e.key === 'ContextMenu' || (e.key === 'F10' && Boolean(e.shiftKey))
}

/**
 * Calls `open` with where a menu opened by key appears on a desktop: beside the bubble at its top
 * (left of one's own, right of others'), so it covers no part of the message.
 */
function besideBubble(anchorId: string, own: boolean, open: (point: PressPoint) => void): void {
  Taro.createSelectorQuery()
    .select(`#${anchorId} .msg-row__line`)
    .boundingClientRect((rect) => {
      const r = Array.isArray(rect) ? rect[0] : rect
      if (r) open({ x: Math.round(own ? Math.max(0, r.left - MENU_WIDTH) : r.right), y: Math.round(r.top) })
    })
    .exec()
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

function avatarSrc(url: string, mediaUrl: (url: string) => string): string {
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
  const { chat, store } = useApp()
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
    const admin = message.revoker === ADMIN_REVOKER || (message.revoker !== '' && message.revoker !== message.from)
    const text = admin ? '该消息已被管理员撤回' : own ? '你撤回了一条消息' : `${message.nameCard || message.nick || message.from}撤回了一条消息`
    const reEdit = own && !admin && message.type === MsgType.Text && typeof message.payload.text === 'string'
    return (
      <View id={anchorId} role='listitem'>
        {time}
        <View className='msg-tip' {...rowData(message)}>
          {text}
          {reEdit ? (
            <View {...pressable()} className='link msg-tip__action' onClick={() => screen.editText(String(message.payload.text))}>
              重新编辑
            </View>
          ) : null}
        </View>
      </View>
    )
  }

  if (callRecord?.key === 'Group call ended') {
    return (
      <View id={anchorId} {...rowData(message)}>
        {time}
        <CallRecordTip record={callRecord} />
      </View>
    )
  }

  if (message.type === MsgType.GroupTip || custom?.kind === 'tip') {
    const text =
      custom?.kind === 'tip'
        ? custom.text
        : message.type === MsgType.GroupTip
          ? groupTipText(message.payload, screen.selfID, message.payload.operatorID === message.from ? message.nick : '')
          : ''
    return (
      <View id={anchorId} role='listitem'>
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
  const robot = isRobotId(message.from)
  const openAvatar = isSystemUserID(message.from) || robot
    ? undefined
    : !screen.isGroup
      ? () => store.getState().openProfile({ wtId: message.from, applySource: ApplySource.SearchId })
      : screen.openMember && !own
        ? () => screen.openMember?.(message.from)
        : undefined
  // The row is a stop of the message list's roving focus: the menu opens from the keyboard too,
  // and while picking messages Enter or Space ticks the one in focus.
  const keys = {
    tabIndex: -1,
    'data-rove': true,
    onKeyDown: (e: KeyLike) => {
      if (e.target !== e.currentTarget) return
      if (screen.selecting) {
        if (selectable && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault()
          screen.toggleSelected(message)
        }
        return
      }
      if (!isMenuKey(e)) return
      e.preventDefault()
      besideBubble(anchorId, own, (point) => screen.openMenu(message, point))
    },
    onContextMenu: (e: KeyLike) => {
      // The menu key's own contextmenu event, on the focused row rather than on the bubble.
      if (e.target !== e.currentTarget || screen.selecting) return
      e.preventDefault()
      besideBubble(anchorId, own, (point) => screen.openMenu(message, point))
    },
  }
  return (
    <View id={anchorId} role='listitem' {...keys}>
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
          // The tick says the state; the row (a stop of the list's roving focus) takes Enter and
          // Space, and a click anywhere on it, so nothing inside the row is a second control.
          <View
            className={`msg-select${selected ? ' msg-select--on' : ''}${selectable ? '' : ' msg-select--disabled'}`}
            role='checkbox'
            aria-checked={selected ? 'true' : 'false'}
            aria-disabled={selectable ? undefined : 'true'}
            aria-label='选择'
            data-testid='msg-select'
            data-selected={selected ? 'true' : 'false'}
          />
        ) : null}
        <View
          {...(openAvatar ? (screen.selecting ? OUT_OF_TAB_ORDER : pressable(`${name}的资料`)) : {})}
          className={openAvatar ? 'msg-row__avatar-button' : undefined}
          data-testid={openAvatar ? 'msg-avatar' : undefined}
          onClick={screen.selecting ? undefined : openAvatar}
        >
          <Avatar src={avatarSrc(message.avatar, chat.mediaUrl)} size={36} className='msg-row__avatar' />
        </View>
        <View className='msg-row__main'>
          {screen.isGroup && !own ? (
            <View className='msg-row__nick'>
              {name}
              {robot ? (
                <View className='msg-robot-label' data-testid='msg-robot-label'>
                  {ROBOT_LABEL}
                </View>
              ) : null}
            </View>
          ) : null}
          <View className='msg-row__line' data-testid='msg-bubble' {...handlers}>
            {callRecord ? (
              <CallRecordBubble record={callRecord} own={own} />
            ) : message.type === MsgType.Merger && !message.hasRiskContent ? (
              <View {...(screen.selecting ? OUT_OF_TAB_ORDER : pressable())}
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
              selecting={screen.selecting}
              onJump={() => {
                if (!screen.selecting) void screen.jumpToMessage(reply.messageID)
              }}
            />
          ) : null}
          {callRecord ? null : <MessageExtras message={message} own={own} />}
          {read ? (
            <View {...(screen.selecting ? OUT_OF_TAB_ORDER : pressable())}
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
