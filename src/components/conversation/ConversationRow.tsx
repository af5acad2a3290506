import { Image, Text, View } from '@tarojs/components'
import { isHelperConversation } from '@/domain/chat/specialConversations'
import { memo } from 'react'
import type { Conversation } from '@shared/chat'
import GroupAvatar from '@/components/layout/GroupAvatar'
import { useApp, useAppStore } from '@/root/AppContext'
import { formatBadge } from '@/utils/badge'
import { formatConversationTime } from '@/utils/time'
import { selectPendingSends, sortTime, type PendingSend } from '@/stores/selectors/pendingSends'
import { conversationSummary, endsWithBlacklistNotice, messageSummary } from '@/utils/summary'
import Tooltip from '../common/Tooltip'
import { conversationAvatar, conversationHint, conversationName, hasUnreadAtMe } from './conversationInfo'
import { usePressMenu, type PressPoint } from './usePressMenu'
import mutedIcon from './icons/muted.svg'
import { pressable } from '@/platform/focus'

interface ConversationRowProps {
  conversation: Conversation
  /** The conversation open in the chat pane. */
  active: boolean
  viewerID: string
  onOpen(conversationID: string): void
  onMenu(conversation: Conversation, point: PressPoint): void
}

/** The mark before a pending send's text: a spinner while it is on its way, a red '!' once it failed. */
function PendingMark({ pending }: { pending: PendingSend }) {
  return pending.status === 'fail' ? (
    <Text className='conv-row__failed' data-testid='conv-row-failed' aria-label='发送失败'>
      !
    </Text>
  ) : (
    <View className='spinner conv-row__sending' data-testid='conv-row-sending' aria-label='发送中' />
  )
}

/**
 * The summary line: '[有人@我]' while an @ is unread, the draft of a conversation that is not open
 * ('[草稿] …'), else one's own message still sending or failed (with its mark), else the last
 * message. A muted conversation with several unread messages says how many, since its badge is
 * only a dot.
 */
function SummaryLine({ conversation, active, viewerID, pending }: Pick<ConversationRowProps, 'conversation' | 'active' | 'viewerID'> & { pending: PendingSend | null }) {
  const draft = !active && conversation.draftText.trim() ? conversation.draftText.replace(/\s+/g, ' ').trim() : ''
  const atMe = hasUnreadAtMe(conversation)
  const mutedCount = conversation.isMuted && conversation.unreadCount > 1 ? `[${formatBadge(conversation.unreadCount)}条] ` : ''
  // Only a row that ends with the blacklist notice asks whether the peer is still blacklisted.
  const peer = endsWithBlacklistNotice(conversation) ? conversation.userProfile?.userID : undefined
  const peerBlacklisted = useAppStore((s) => (peer && s.blacklistLoaded ? s.blacklist.some((b) => b.wtId === peer) : undefined))
  const summary = pending ? messageSummary(pending.message, viewerID) : conversationSummary(conversation, viewerID, peerBlacklisted)
  return (
    <View className='conv-row__summary' data-testid='conv-row-summary' data-pending={pending ? pending.status : undefined}>
      {atMe ? <Text className='conv-row__mark'>[有人@我]</Text> : null}
      {draft ? (
        <Text>
          <Text className='conv-row__mark' data-testid='conv-row-draft'>[草稿]</Text> {draft}
        </Text>
      ) : (
        <Text>
          {pending ? <PendingMark pending={pending} /> : null}
          {mutedCount}
          {summary}
        </Text>
      )}
    </View>
  )
}

function ConversationRow({ conversation, active, viewerID, onOpen, onMenu }: ConversationRowProps) {
  const { mediaUrl } = useApp().chat
  const { handlers, guardClick } = usePressMenu((point) => onMenu(conversation, point))
  const { conversationID, isPinned, isMuted, unreadCount } = conversation
  const lastTime = conversation.lastMessage?.time ?? conversation.updatedAt
  // One's own message composed after the last one stored shows at once, before the server has it.
  const pendingSend = useAppStore((s) => selectPendingSends(s)[conversationID])
  const pending = pendingSend && sortTime(lastTime, pendingSend) === pendingSend.time ? pendingSend : null
  const time = formatConversationTime(pending ? pending.time : lastTime)
  const name = conversationName(conversation)
  const hint = conversationHint(conversation)
  const nameView = <View className={`conv-row__name${isHelperConversation(conversation.conversationID) ? ' conv-row__name--tagged' : ''}`}>{name}</View>
  const badge = unreadCount > 0 ? (isMuted ? '' : formatBadge(unreadCount)) : null
  const classes = ['conv-row', isPinned ? 'conv-row--pinned' : '', active ? 'conv-row--active' : ''].filter(Boolean).join(' ')
  return (
    <View
      {...pressable(undefined, 'option')}
      data-rove
      className={classes}
      data-testid='conv-row'
      data-id={conversationID}
      data-pinned={isPinned ? 'true' : 'false'}
      data-muted={isMuted ? 'true' : 'false'}
      data-unread={unreadCount}
      aria-selected={active ? 'true' : 'false'}
      {...handlers}
      onClick={guardClick(() => onOpen(conversationID))}
    >
      <View className='conv-row__avatar'>
        <GroupAvatar src={mediaUrl(conversationAvatar(conversation))} members={conversation.groupProfile?.memberAvatars?.map((url) => (url ? mediaUrl(url) : ''))} size={40} />
        {badge === null ? null : (
          <View
            className={badge ? 'badge conv-row__badge' : 'conv-row__dot'}
            data-testid='conv-row-badge'
            data-dot={badge ? undefined : 'true'}
          >
            {badge}
          </View>
        )}
      </View>
      <View className='conv-row__main'>
        <View className='conv-row__top'>
          {/* The hint adds a group's number; over the name, it hides neither this row's line nor the next row. */}
          {hint === name ? (
            nameView
          ) : (
            <Tooltip text={hint} over className='conv-row__name-tip'>
              {nameView}
            </Tooltip>
          )}
          {isHelperConversation(conversation.conversationID) ? (
            <View className='official-tag conv-row__tag' data-testid='official-tag'>
              官方
            </View>
          ) : null}
          <View className='conv-row__time'>{time}</View>
        </View>
        <View className='conv-row__bottom'>
          <SummaryLine conversation={conversation} active={active} viewerID={viewerID} pending={pending} />
          {isMuted ? <Image nativeProps={{ alt: '' }} className='conv-row__muted' src={mutedIcon} data-testid='conv-row-muted' aria-label='消息免打扰' /> : null}
        </View>
      </View>
    </View>
  )
}

export default memo(ConversationRow)
