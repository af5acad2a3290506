import { Image, View } from '@tarojs/components'
import type { Conversation } from '@shared/chat'
import { formatConversationTime } from '@/utils/time'
import { messageSummary } from '@/utils/summary'
import { conversationName } from './conversationInfo'
import archiveIcon from './icons/archive-entry.svg'
import { pressable } from '@/platform/focus'

interface ArchiveEntryProps {
  /** The archived conversations, newest first. */
  archived: readonly Conversation[]
  viewerID: string
  onOpen(): void
}

/**
 * The 折叠的会话 row. Archived conversations are muted, so unread ones show a dot, not a count;
 * the second line previews the newest archived conversation.
 */
export default function ArchiveEntry({ archived, viewerID, onOpen }: ArchiveEntryProps) {
  const newest = archived[0]
  if (!newest) return null
  const hasUnread = archived.some((c) => c.unreadCount > 0)
  const preview = newest.lastMessage ? `${conversationName(newest)}: ${messageSummary(newest.lastMessage, viewerID)}` : conversationName(newest)
  return (
    <View {...pressable('折叠的会话', 'option')} data-rove className='conv-row conv-row--archive' data-testid='archive-entry' data-count={archived.length} onClick={onOpen}>
      <View className='conv-row__avatar'>
        <Image nativeProps={{ alt: '' }} className='conv-row__archive-icon' src={archiveIcon} />
        {hasUnread ? <View className='conv-row__dot' /> : null}
      </View>
      <View className='conv-row__main'>
        <View className='conv-row__top'>
          <View className='conv-row__name conv-row__name--tagged'>折叠的会话</View>
          {/* Beside the name, not inside it: the name is a block (for its ellipsis), so a child block would take a line of its own. */}
          <View className='conv-row__count' data-testid='archive-entry-count'>
            {archived.length}
          </View>
          <View className='conv-row__time'>{formatConversationTime(newest.lastMessage?.time ?? newest.updatedAt)}</View>
        </View>
        <View className='conv-row__bottom'>
          <View className='conv-row__summary'>{preview}</View>
        </View>
      </View>
    </View>
  )
}
