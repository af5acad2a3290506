import { Image, View } from '@tarojs/components'
import GuestLayout from '@/components/layout/GuestLayout'
import Button from '@/components/layout/Button'
import notFoundImage from '@/assets/not-found.svg'
import { relaunch } from '@/router/navigation'
import './index.scss'

export default function NotFoundPage() {
  return (
    <GuestLayout route='notFound' main='center'>
      <View className='not-found' data-testid='not-found'>
        <Image nativeProps={{ alt: '' }} className='not-found__image' src={notFoundImage} />
        <View className='not-found__title'>页面不存在</View>
        <View className='not-found__hint'>你访问的地址可能输入有误，或者页面已被移除。</View>
        <Button variant='primary' testId='not-found-home' onClick={() => relaunch('home')}>返回首页</Button>
      </View>
    </GuestLayout>
  )
}
