import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { useApp, useAppStore } from '@/root/AppContext'
import { preloadCallScreen } from '@/root/deferredScreens'
import { CallsUnavailableNote, toolbarCallEntry, type RenderCallEntry } from './CallEntries'
import { callIcons } from './callIcons'
import MemberPicker from './MemberPicker'
import { useCallText } from './useCallText'
import { pressable } from '@/platform/focus'

/**
 * The group's call entry in a group chat's toolbar (the one-to-one 'Voice call' / 'Video call'
 * buttons are hidden there): choose voice or video, then the members to call.
 */
export default function GroupCallEntry({ groupID, renderEntry = toolbarCallEntry }: { groupID: string; renderEntry?: RenderCallEntry }) {
  const app = useApp()
  const { startGroupCallFromChat } = app.calls
  const enabled = useAppStore((s) => s.callEntriesEnabled)
  const unavailable = useAppStore((s) => s.callsUnavailable)
  const groupNumber = useAppStore((s) => s.conversations[`GROUP${groupID}`]?.groupProfile?.groupNumber ?? '')
  const selfId = useAppStore((s) => s.user?.wtId ?? '')
  const t = useCallText()
  const [menu, setMenu] = useState(false)
  const [type, setType] = useState<1 | 2 | null>(null)
  useEffect(() => {
    if (enabled) preloadCallScreen()
  }, [enabled])
  if (unavailable) return <CallsUnavailableNote />
  if (!enabled || !groupNumber) return null
  const open = () => setMenu(!menu)
  const choose = (kind: 1 | 2) => {
    setMenu(false)
    setType(kind)
  }
  return (
    <View className='call-entry'>
      {renderEntry({ testId: 'tool-groupCall', label: t('Group call'), icon: callIcons.groupCall, onPress: open })}
      {/* Shown only where the choice is a bottom sheet (phones); a tap on it closes the sheet. */}
      {menu ? <View className='call-entry__mask' data-testid='group-call-mask' onClick={() => setMenu(false)} /> : null}
      {menu ? (
        <View className='call-entry__menu' data-testid='group-call-menu'>
          <View {...pressable()} className='call-entry__item' data-testid='group-call-voice' onClick={() => choose(1)}>
            {t('Voice call')}
          </View>
          <View {...pressable()} className='call-entry__item' data-testid='group-call-video' onClick={() => choose(2)}>
            {t('Video call')}
          </View>
        </View>
      ) : null}
      {type ? (
        <MemberPicker
          groupNumber={groupNumber}
          selfId={selfId}
          disabledIds={[]}
          onCancel={() => setType(null)}
          onDone={(ids) => {
            const kind = type
            setType(null)
            void startGroupCallFromChat(groupID, ids, kind)
          }}
        />
      ) : null}
    </View>
  )
}
