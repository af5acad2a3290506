import { View } from '@tarojs/components'
import { useState } from 'react'
import { storage } from '@/platform/storage'
import { useAppStore } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

/** Per user: group number → the notice text that user closed the bar on. */
const storageKey = (wtId: string) => `groupNoticeBarClosed:${wtId}`

function closedNotices(wtId: string): Record<string, string> {
  return storage.get<Record<string, string>>(storageKey(wtId)) ?? {}
}

/**
 * The group notice as a bar at the top of a group chat (spec 2 "Chat screen"). A click shows the
 * whole notice; × closes the bar until the notice changes (remembered per user and device).
 */
export default function GroupNoticeBar({ groupNumber, onOpen }: { groupNumber: string; onOpen(): void }) {
  const wtId = useAppStore((s) => s.user?.wtId ?? '')
  const notice = useAppStore((s) => s.groupInfos[groupNumber]?.groupNotice ?? '').trim()
  const [closedOn, setClosedOn] = useState(() => closedNotices(wtId)[groupNumber] ?? null)
  const [expanded, setExpanded] = useState(false)
  if (!notice || closedOn === notice) return null

  const close = () => {
    storage.set(storageKey(wtId), { ...closedNotices(wtId), [groupNumber]: notice })
    setClosedOn(notice)
  }

  return (
    <View className={`group-notice-bar${expanded ? ' group-notice-bar--expanded' : ''}`} data-testid='group-notice-bar'>
      <View className='group-notice-bar__mark'>群公告</View>
      <View {...pressable()} className='group-notice-bar__text' data-testid='group-notice-bar-text' onClick={() => setExpanded((v) => !v)}>
        {notice}
      </View>
      {expanded ? (
        <View {...pressable()} className='group-notice-bar__more' data-testid='group-notice-bar-open' onClick={onOpen}>
          详情
        </View>
      ) : null}
      <View {...pressable()} className='group-notice-bar__close' role='button' aria-label='关闭群公告' data-testid='group-notice-bar-close' onClick={close}>
        ×
      </View>
    </View>
  )
}
