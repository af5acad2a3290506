import { View } from '@tarojs/components'

const ROWS = [0, 1, 2, 3, 4, 5]

/** Grey placeholder rows while the first conversation list is on its way. */
export default function ListSkeleton() {
  return (
    <View className='conv-skeleton' data-testid='conv-skeleton' aria-busy='true' aria-label='正在加载会话'>
      {ROWS.map((i) => (
        <View key={i} className='conv-skeleton__row'>
          <View className='conv-skeleton__avatar' />
          <View className='conv-skeleton__lines'>
            <View className='conv-skeleton__line conv-skeleton__line--name' />
            <View className='conv-skeleton__line' />
          </View>
        </View>
      ))}
    </View>
  )
}
