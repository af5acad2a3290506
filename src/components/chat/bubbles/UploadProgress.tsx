import { View } from '@tarojs/components'

/** The dimmed cover with a percentage over media that is still uploading. */
export default function UploadProgress({ progress }: { progress: number }) {
  const pct = Math.max(0, Math.min(100, Math.round(progress * 100)))
  return (
    <View className='upload-progress' data-testid='msg-progress' data-progress={String(pct)}>
      <View className='upload-progress__text'>{pct}%</View>
      <View className='upload-progress__bar'>
        <View className='upload-progress__fill' style={{ width: `${pct}%` }} />
      </View>
    </View>
  )
}
