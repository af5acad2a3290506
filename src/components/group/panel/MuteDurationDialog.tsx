import { View } from '@tarojs/components'
import Dialog from '@/components/layout/Dialog'
import { pressable } from '@/platform/focus'

/** Mute lengths offered, in seconds (the server allows up to 30 days). */
export const MUTE_CHOICES: ReadonlyArray<{ label: string; seconds: number }> = [
  { label: '10分钟', seconds: 600 },
  { label: '1小时', seconds: 3600 },
  { label: '12小时', seconds: 12 * 3600 },
  { label: '1天', seconds: 24 * 3600 },
  { label: '7天', seconds: 7 * 24 * 3600 },
  { label: '30天', seconds: 30 * 24 * 3600 },
]

export default function MuteDurationDialog({ open, onPick, onClose }: { open: boolean; onPick(seconds: number): void; onClose(): void }) {
  return (
    <Dialog open={open} title='禁言时长' onClose={onClose} closeOnMask testId='group-mute-dialog'>
      <View className='gmute'>
        {MUTE_CHOICES.map((c) => (
          <View {...pressable()} key={c.seconds} className='gmute__choice' data-testid='group-mute-choice' data-seconds={String(c.seconds)} onClick={() => onPick(c.seconds)}>
            {c.label}
          </View>
        ))}
      </View>
    </Dialog>
  )
}
