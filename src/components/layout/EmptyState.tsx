import { Image, View } from '@tarojs/components'
import type { ReactNode } from 'react'

interface EmptyStateProps {
  image?: string
  title: string
  hint?: string
  action?: ReactNode
  testId?: string
}

/** What a list or page shows while it has nothing to show yet. */
export default function EmptyState({ image, title, hint, action, testId }: EmptyStateProps) {
  return (
    <View className='empty' data-testid={testId}>
      {image ? <Image nativeProps={{ alt: '' }} className='empty__icon' src={image} /> : null}
      <View className='empty__title'>{title}</View>
      {hint ? <View className='empty__hint'>{hint}</View> : null}
      {action ? <View className='empty__action'>{action}</View> : null}
    </View>
  )
}
