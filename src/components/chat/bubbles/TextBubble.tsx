import { View } from '@tarojs/components'
import EmojiText from '@/components/emoji/EmojiText'

export default function TextBubble({ text, own }: { text: string; own: boolean }) {
  return (
    <View className={`bubble bubble--text${own ? ' bubble--own' : ''}`} data-testid='msg-text'>
      <EmojiText text={text} />
    </View>
  )
}
