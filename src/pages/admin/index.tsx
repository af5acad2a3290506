import { View } from '@tarojs/components'
import AdminConsole from '@/components/admin/AdminConsole'
import PlainLayout from '@/components/layout/PlainLayout'
import { adminConsoleSupported } from '@/platform/adminConsole'

export default function AdminPage() {
  return (
    <PlainLayout route='admin'>
      {adminConsoleSupported ? <AdminConsole /> : <View className='admin-weapp'>请在网页端使用管理后台</View>}
    </PlainLayout>
  )
}
