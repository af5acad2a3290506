import { View } from '@tarojs/components'

/** One labelled line of a member's profile card. */
export default function ProfileLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <View className='gprofile__line'>
      <View className='gprofile__label'>{label}</View>
      <View className='gprofile__value' data-testid={testId}>
        {value}
      </View>
    </View>
  )
}
