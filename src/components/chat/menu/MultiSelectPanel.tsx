import { View } from '@tarojs/components'
import { pressable } from '../pressable'

interface Props {
  count: number
  onForwardEach(): void
  onForwardMerged(): void
  onFavorite(): void
  onDelete(): void
  onCancel(): void
}

/**
 * Replaces the input while messages are being selected (spec 2 "Multi-select panel"). On phones
 * the count and 取消 take the first line and the four actions share the second in equal cells,
 * each label on one line down to 360 px.
 */
export default function MultiSelectPanel({ count, onForwardEach, onForwardMerged, onFavorite, onDelete, onCancel }: Props) {
  const action = (testId: string, label: string, onPress: () => void, danger = false) => (
    <View className={`multi-panel__action${danger ? ' multi-panel__action--danger' : ''}`} data-testid={testId} {...pressable(label, onPress)}>
      {label}
    </View>
  )
  return (
    <View className='multi-panel' data-testid='multi-panel'>
      <View className='multi-panel__count' data-testid='multi-count'>
        已选择 {count} 条消息
      </View>
      <View className='multi-panel__actions'>
        {action('multi-forward-each', '逐条转发', onForwardEach)}
        {action('multi-forward-merged', '合并转发', onForwardMerged)}
        {action('multi-favorite', '收藏', onFavorite)}
        {action('multi-delete', '删除', onDelete, true)}
      </View>
      <View className='multi-panel__cancel link' data-testid='multi-cancel' {...pressable('取消多选', onCancel)}>
        取消
      </View>
    </View>
  )
}
