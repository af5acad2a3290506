import { Switch, View } from '@tarojs/components'
import { useState } from 'react'
import { SpaceStatus, type FriendInfo } from '@shared/friends'
import Dialog from '@/components/layout/Dialog'
import { useApp } from '@/root/AppContext'

interface SpaceDialogProps {
  info: FriendInfo | null
  open: boolean
  onChanged(change: Pick<FriendInfo, 'friendsSpaceStatus' | 'mineSpaceStatus'>): void
  onClose(): void
}

type Flag = 'friendsSpaceStatus' | 'mineSpaceStatus'

const ROWS: ReadonlyArray<{ flag: Flag; label: string }> = [
  { flag: 'mineSpaceStatus', label: '不让他（她）看我的朋友圈' },
  { flag: 'friendsSpaceStatus', label: '不看他（她）的朋友圈' },
]

/** 朋友圈权限: two switches, each saved on its own as soon as it is flipped. */
export default function SpaceDialog({ info, open, onChanged, onClose }: SpaceDialogProps) {
  const { setSpaceStatus } = useApp().contacts
  const [busy, setBusy] = useState<Flag | null>(null)
  const flip = async (flag: Flag, hidden: boolean) => {
    if (!info || busy) return
    setBusy(flag)
    const result = await setSpaceStatus(info.wtId, flag, hidden ? SpaceStatus.Hidden : SpaceStatus.Shown)
    setBusy(null)
    if (result) onChanged(result)
  }
  return (
    <Dialog open={open && info !== null} title='朋友圈权限' onClose={onClose} closeOnMask testId='space-dialog'>
      {info
        ? ROWS.map((row) => (
            <View key={row.flag} className='contact-switch-row'>
              <View>{row.label}</View>
              <Switch
                checked={info[row.flag] === SpaceStatus.Hidden}
                disabled={busy !== null}
                color='#07c160'
                data-testid={`space-${row.flag}`}
                onChange={(e) => void flip(row.flag, e.detail.value)}
              />
            </View>
          ))
        : null}
    </Dialog>
  )
}
