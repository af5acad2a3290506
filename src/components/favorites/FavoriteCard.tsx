import { View } from '@tarojs/components'
import type { Favorite } from '@shared/favorites'
import { favoriteKindLabel } from '@/domain/favorites/favoriteList'
import { formatMessageTime } from '@/utils/time'
import FavoriteContent from './FavoriteContent'
import { pressable } from '@/platform/focus'

interface Props {
  f: Favorite
  selecting: boolean
  selected: boolean
  onToggle(): void
  onOpen(): void
  onPin(): void
  onDelete(): void
}

/** One row of the favorites page: the content by its type, where it came from, and its actions. */
export default function FavoriteCard({ f, selecting, selected, onToggle, onOpen, onPin, onDelete }: Props) {
  return (
    <View {...pressable()}
      className={`fav-card${selected ? ' fav-card--selected' : ''}${f.topStatus ? ' fav-card--pinned' : ''}`}
      data-testid='fav-card'
      data-id={f.id}
      data-type={f.contentType}
      data-top={f.topStatus}
      onClick={selecting ? onToggle : onOpen}
    >
      {selecting ? <View className={`fav-card__check${selected ? ' fav-card__check--on' : ''}`} data-testid='fav-check' /> : null}
      <View className='fav-card__main'>
        <FavoriteContent f={f} onPreview={onOpen} />
        <View className='fav-card__meta'>
          {f.topStatus ? <View className='fav-card__tag'>置顶</View> : null}
          <View className='fav-card__kind'>{favoriteKindLabel(f.contentType)}</View>
          {f.collectedUserName ? <View className='fav-card__from'>{f.collectedUserName}</View> : null}
          <View className='fav-card__time'>{formatMessageTime(f.createTime)}</View>
          {selecting ? null : (
            <View className='fav-card__actions'>
              <View {...pressable()}
                className='fav-card__action link'
                data-testid='fav-pin'
                onClick={(e) => {
                  e.stopPropagation()
                  onPin()
                }}
              >
                {f.topStatus ? '取消置顶' : '置顶'}
              </View>
              <View {...pressable()}
                className='fav-card__action fav-card__action--danger'
                data-testid='fav-delete'
                onClick={(e) => {
                  e.stopPropagation()
                  onDelete()
                }}
              >
                删除
              </View>
            </View>
          )}
        </View>
      </View>
    </View>
  )
}
