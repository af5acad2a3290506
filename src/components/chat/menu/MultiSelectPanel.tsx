import { View } from '@tarojs/components'

interface Props {
  count: number
  onForwardEach(): void
  onForwardMerged(): void
  onFavorite(): void
  onDelete(): void
  onCancel(): void
}

/** Replaces the input while messages are being selected (spec 2 "Multi-select panel"). */
export default function MultiSelectPanel({ count, onForwardEach, onForwardMerged, onFavorite, onDelete, onCancel }: Props) {
  return (
    <View className='multi-panel' data-testid='multi-panel'>
      <View className='multi-panel__count' data-testid='multi-count'>
        已选择 {count} 条消息
      </View>
      <View className='multi-panel__actions'>
        <View className='multi-panel__action' data-testid='multi-forward-each' onClick={onForwardEach}>
          逐条转发
        </View>
        <View className='multi-panel__action' data-testid='multi-forward-merged' onClick={onForwardMerged}>
          合并转发
        </View>
        <View className='multi-panel__action' data-testid='multi-favorite' onClick={onFavorite}>
          收藏
        </View>
        <View className='multi-panel__action multi-panel__action--danger' data-testid='multi-delete' onClick={onDelete}>
          删除
        </View>
      </View>
      <View className='multi-panel__cancel link' data-testid='multi-cancel' onClick={onCancel}>
        取消
      </View>
    </View>
  )
}
