import { Image, View } from '@tarojs/components'
import type { MomentImage } from '@shared/moments'
import { useApp } from '@/root/AppContext'
import { imageGridLayout } from './momentRules'
import { pressable } from '@/platform/focus'

interface Props {
  images: MomentImage[]
  onOpen(index: number): void
}

/** A moment's pictures: one large, four as 2x2, otherwise rows of three (momentRules). */
export default function ImageGrid({ images, onOpen }: Props) {
  const { chat } = useApp()
  if (!images.length) return null
  const layout = imageGridLayout(images.length)
  return (
    <View className={`moment-grid moment-grid--${layout}`} data-testid='moment-images' data-count={images.length}>
      {images.map((img, i) => (
        <View {...pressable(`查看第 ${i + 1} 张图片`)} key={img.url} className='moment-grid__cell' onClick={() => onOpen(i)}>
          <Image nativeProps={{ alt: '' }} className='moment-grid__img' src={chat.mediaUrl(img.url)} mode={layout === 'single' ? 'widthFix' : 'aspectFill'} data-testid='moment-image' />
        </View>
      ))}
    </View>
  )
}
