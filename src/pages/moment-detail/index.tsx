import { View } from '@tarojs/components'

export default function Page() {
  return <View className='page'>moment-detail</View>
}
