import { View } from '@tarojs/components'
import type { SearchResult } from '@shared/search'
import Avatar from '@/components/layout/Avatar'
import Dialog from '@/components/layout/Dialog'
import { mediaUrl } from '@/services/chat'

interface GroupCardProps {
  /** A group found by number; null keeps the card closed. */
  group: SearchResult | null
  onClose(): void
}

/** The card of a group found by number: avatar, name and number (joining belongs to group management). */
export default function GroupCard({ group, onClose }: GroupCardProps) {
  return (
    <Dialog open={group !== null} title='群聊资料' onClose={onClose} closeOnMask testId='group-card'>
      {group ? (
        <View className='profile__head'>
          <Avatar src={group.avatar ? mediaUrl(group.avatar) : ''} size={64} />
          <View className='profile__names'>
            <View className='profile__title' data-testid='group-card-name'>
              {group.name}
            </View>
            <View className='profile__sub'>群号：{group.groupNumber}</View>
          </View>
        </View>
      ) : null}
    </Dialog>
  )
}
