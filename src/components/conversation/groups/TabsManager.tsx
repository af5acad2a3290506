import { View } from '@tarojs/components'
import { useId } from 'react'
import type { ConversationGroup } from '@shared/conversationGroup'
import type { ConversationTab } from '@/stores/selectors/chat'
import { formatBadge } from '@/utils/badge'
import { CONVERSATION_TABS, type PaneTab } from '../tabs'
import { usePopup } from '@/components/common/usePopup'
import { pressable } from '@/platform/focus'

interface TabsManagerProps {
  active: PaneTab
  unread: Record<ConversationTab, number>
  groups: readonly ConversationGroup[]
  groupUnread: Record<number, number>
  onPick(tab: PaneTab): void
  onManage(): void
  onClose(): void
}

function Entry({ label, count, selected, onClick }: { label: string; count: number; selected: boolean; onClick(): void }) {
  const badge = formatBadge(count)
  return (
    <View {...pressable()} className={`tabs-manager__item${selected ? ' tabs-manager__item--active' : ''}`} data-testid='tabs-manager-item' onClick={onClick}>
      <View className='tabs-manager__name'>{label}</View>
      {badge ? (
        <View className='badge tabs-manager__badge' data-testid='tabs-manager-badge'>
          {badge}
        </View>
      ) : (
        <View className='tabs-manager__empty'>暂无未读</View>
      )}
    </View>
  )
}

/**
 * The tabs manager popover (spec 2 "Conversation list"): every tab with its unread badge capped at
 * 99+ (or 暂无未读), a click switches to it; 管理分组 opens the manage-groups screen.
 */
export default function TabsManager({ active, unread, groups, groupUnread, onPick, onManage, onClose }: TabsManagerProps) {
  // Focus goes in, and back to ··· when it closes, also when 管理分组 opens its dialog from here:
  // that dialog then hands focus back to ··· and not to the page.
  const id = `tabs-manager${useId().replace(/:/g, '')}`
  usePopup(true, onClose, { id })
  const pick = (tab: PaneTab) => {
    onPick(tab)
    onClose()
  }
  return (
    <>
      <View className='tabs-manager__mask' data-testid='tabs-manager-mask' onClick={onClose} />
      <View id={id} className='tabs-manager' role='menu' data-testid='tabs-manager'>
        <View className='tabs-manager__list'>
          {CONVERSATION_TABS.map((t) => (
            <Entry key={t.key} label={t.label} count={unread[t.key]} selected={active === t.key} onClick={() => pick(t.key)} />
          ))}
          {groups.map((g) => (
            <Entry key={g.id} label={g.groupName} count={groupUnread[g.id] ?? 0} selected={active === g.id} onClick={() => pick(g.id)} />
          ))}
        </View>
        <View {...pressable()}
          className='tabs-manager__manage'
          data-testid='tabs-manager-manage'
          onClick={() => {
            onClose()
            onManage()
          }}
        >
          管理分组
        </View>
      </View>
    </>
  )
}
