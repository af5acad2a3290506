import { View } from '@tarojs/components'
import './adminWeapp.scss'

/**
 * The mini-program has no operator console, and this twin keeps the console's code out of the
 * mini-program's package (docs/admin.md).
 */
export default function AdminPageBody() {
  return <View className='admin-weapp'>请在网页端使用管理后台</View>
}
