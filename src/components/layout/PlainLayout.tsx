import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import ToastHost from '@/components/common/ToastHost'
import LoadingBar from '@/components/common/LoadingBar'
import { useRouteGuard } from '@/router/guard'
import type { RouteName } from '@/router/routes'

interface PlainLayoutProps {
  route: RouteName
  children: ReactNode
  className?: string
}

/** Frame for stand-alone pages (the /h5 pages) that carry neither the guest bar nor the shell. */
export default function PlainLayout({ route, children, className }: PlainLayoutProps) {
  useRouteGuard(route)
  return (
    <View className={className}>
      <LoadingBar />
      {children}
      <ToastHost />
    </View>
  )
}
