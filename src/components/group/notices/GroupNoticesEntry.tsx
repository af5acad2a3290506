import { View } from '@tarojs/components'
import { useState } from 'react'
import Avatar from '@/components/layout/Avatar'
import Dialog from '@/components/layout/Dialog'
import { icons } from '@/assets/icons'
import { useAppStore } from '@/root/AppContext'
import { formatBadge } from '@/utils/badge'
import GroupNotices from './GroupNotices'
import '../group.scss'
import './notices.scss'

/** The 群通知 row of the contacts page: the three counters together; opens the notifications. */
export default function GroupNoticesEntry() {
  const [open, setOpen] = useState(false)
  const unread = useAppStore((s) => s.badges.groupNotice)
  const total = unread.joinApplyUnRead + unread.selfApplyUnRead + unread.otherUnRead
  return (
    <>
      <View className='gnotices-entry' data-testid='group-notices-entry' onClick={() => setOpen(true)}>
        <Avatar src={icons.group} size={36} />
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
