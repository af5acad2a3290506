import { View } from '@tarojs/components'

/** Spec 3 "Merged message": the title and the first 7 abstract lines. */
export const MERGER_ABSTRACT_LINES = 7

export default function MergerBubble({ payload }: { payload: Record<string, unknown> }) {
  const title = typeof payload.title === 'string' && payload.title ? payload.title : '聊天记录'
  const lines = Array.isArray(payload.abstractList) ? payload.abstractList.map(String).slice(0, MERGER_ABSTRACT_LINES) : []
  return (
    <View className='bubble bubble--card bubble--merger' data-testid='msg-merger'>
      <View className='bubble-card__title'>{title}</View>
      {lines.map((line, i) => (
        <View key={i} className='bubble-merger__line'>
          {line}
        </View>
      ))}
      <View className='bubble-card__foot'>聊天记录</View>
    </View>
  )
}
