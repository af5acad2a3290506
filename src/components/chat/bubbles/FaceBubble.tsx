import { Image, View } from '@tarojs/components'
import { stickerUrl } from '@/utils/emoji'

/** A sticker from one of the three groups (emojiGroupID 1-3) or a basic emoji sent alone. */
export default function FaceBubble({ index, data }: { index: number; data: string }) {
  const src = stickerUrl(index, data)
  return (
    <View className='bubble-face' data-testid='msg-face' data-name={data}>
      {src ? <Image nativeProps={{ alt: '' }} className='bubble-face__img' src={src} mode='aspectFit' /> : <View className='bubble bubble--text'>[动画表情]</View>}
    </View>
  )
}
