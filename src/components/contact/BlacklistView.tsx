import { View } from '@tarojs/components'
import { useEffect } from 'react'
import { ApplySource } from '@shared/friends'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import EmptyState from '@/components/layout/EmptyState'
import { useApp, useAppStore } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

/** 黑名单: people the user blocked; a click opens the blacklisted user's card, 移出 unblocks at once. */
export default function BlacklistView() {
  const app = useApp()
  const { mediaUrl } = app.chat
  const { reloadBlacklist, setBlacklisted } = app.contacts
  const list = useAppStore((s) => s.blacklist)
  const openProfile = useAppStore((s) => s.openProfile)
  useEffect(() => {
    void reloadBlacklist()
  }, [])
  if (list.length === 0) return <EmptyState testId='blacklist-empty' title='黑名单为空' hint='被加入黑名单的人发来的消息将被拒收。' />
  return (
    <View className='contact-detail-list' data-testid='blacklist'>
      {list.map((b) => (
        <View {...pressable()} key={b.wtId} className='contact-row' data-testid='blacklist-row' data-id={b.wtId} onClick={() => openProfile({ wtId: b.wtId, applySource: ApplySource.SearchId })}>
          <Avatar src={b.avatar ? mediaUrl(b.avatar) : ''} size={36} />
          <View className='contact-row__name'>{b.remark || b.nickName || b.wtId}</View>
          <View onClick={(e) => e.stopPropagation()}>
            <Button size='small' testId='blacklist-remove' onClick={() => void setBlacklisted(b.wtId, false)}>
              移出
            </Button>
          </View>
        </View>
      ))}
    </View>
  )
}
