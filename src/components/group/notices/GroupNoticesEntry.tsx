import { Image, View } from '@tarojs/components'
import { useState } from 'react'
import Dialog from '@/components/layout/Dialog'
import groupNoticesIcon from '@/components/contact/icons/group-notices.svg'
import { useAppStore } from '@/root/AppContext'
import { formatBadge } from '@/utils/badge'
import GroupNotices from './GroupNotices'
import '../group.scss'
import './notices.scss'
import { pressable } from '@/platform/focus'

/** The 群通知 row of the contacts page: the three counters together; opens the notifications. */
export default function GroupNoticesEntry() {
  const [open, setOpen] = useState(false)
  const unread = useAppStore((s) => s.badges.groupNotice)
  const total = unread.joinApplyUnRead + unread.selfApplyUnRead + unread.otherUnRead
  return (
    <>
      <View {...pressable()} className='gnotices-entry' data-testid='group-notices-entry' onClick={() => setOpen(true)}>
        {/* A coloured square like the other contacts entries, not a plain group head. */}
        <Image nativeProps={{ alt: '' }} className='contact-row__icon' src={groupNoticesIcon} data-testid='group-notices-entry-icon' />
        <View className='gnotices-entry__name'>群通知</View>
        {total > 0 ? (
          <View className='gnotices__badge' data-testid='group-notices-entry-badge'>
            {formatBadge(total)}
          </View>
        ) : null}
      </View>
      <Dialog open={open} title='群通知' wide onClose={() => setOpen(false)} testId='group-notices-dialog'>
        {open ? <GroupNotices /> : null}
      </Dialog>
    </>
  )
}
