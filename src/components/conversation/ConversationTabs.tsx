import { View } from '@tarojs/components'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { ConversationGroup } from '@shared/conversationGroup'
import { attachTabStrip, pageStrip, revealInStrip, type StripEdges } from '@/platform/tabStrip'
import { useAppStore } from '@/root/AppContext'
import { formatBadge } from '@/utils/badge'
import type { ConversationTab } from '@/stores/selectors/chat'
import { CONVERSATION_TABS, type PaneTab } from './tabs'
import { pressable } from '@/platform/focus'

interface ConversationTabsProps {
  active: PaneTab
  unread: Record<ConversationTab, number>
  /** The user's shown groups (分组), after the fixed tabs. */
  groups: readonly ConversationGroup[]
  groupUnread: Record<number, number>
  onChange(tab: PaneTab): void
  /** Opens the tabs manager (anchored under its button). */
  onManage(): void
  /** The tabs manager, placed under the bar. */
  children?: ReactNode
}

function Tab({ label, selected, badge, testId, groupID, onClick }: { label: string; selected: boolean; badge: string; testId: string; groupID?: number; onClick(): void }) {
  return (
    <View {...pressable()}
      className={`conv-tabs__tab${selected ? ' conv-tabs__tab--active' : ''}`}
      role='tab'
      aria-selected={selected ? 'true' : 'false'}
      data-testid={testId}
      data-group-id={groupID}
      onClick={onClick}
    >
      {/* The badge is a superscript on the label that takes no width, so five badged tabs still fit the pane. */}
      <View className='conv-tabs__text'>
        <View className='conv-tabs__label'>{label}</View>
        {badge ? (
          <View className='badge conv-tabs__badge' data-testid='conv-tab-badge'>
            {badge}
          </View>
        ) : null}
      </View>
    </View>
  )
}

/**
 * 全部 / 未读 / @我 / 单聊 / 群聊 on the first row, which always fits the pane; the user's groups on a
 * row of their own under it, so no fixed tab is ever pushed behind the arrow by a group. Each tab
 * has its unread badge capped at 99+.
 */
export default function ConversationTabs({ active, unread, groups, groupUnread, onChange, onManage, children }: ConversationTabsProps) {
  // The groups row scrolls sideways when it is wider than the pane; a fade marks each cut end,
  // and an arrow after it pages it along.
  const stripId = `conv-tabs-${useId().replace(/[^\w-]/g, '')}`
  const groupStripId = `${stripId}-groups`
  const [edges, setEdges] = useState<StripEdges>({ start: false, end: false })
  const hasGroups = groups.length > 0
  useEffect(() => (hasGroups ? attachTabStrip(groupStripId, setEdges) : undefined), [groupStripId, hasGroups])
  // A group just created (or shown again) lands at the far end of its row, usually out of view:
  // it is scrolled into view once, so the user sees where it went. Otherwise the selected tab is.
  // Groups arriving with the first load are not new.
  const groupsLoaded = useAppStore((s) => s.conversationGroups.length > 0)
  const seenGroups = useRef<Set<number> | null>(null)
  // Keyed by the IDs, not the array: that is rebuilt on every conversation change, and each reveal
  // would undo the user's own scrolling.
  const groupIDs = groups.map((g) => g.id).join(',')
  useEffect(() => {
    const ids = groupIDs ? groupIDs.split(',').map(Number) : []
    const seen = seenGroups.current
    seenGroups.current = groupsLoaded ? new Set(ids) : null
    const newest = seen ? ids.filter((id) => !seen.has(id)).pop() : undefined
    revealInStrip(groupStripId, newest === undefined ? '[aria-selected="true"]' : `[data-group-id="${newest}"]`)
  }, [groupStripId, active, groupIDs, groupsLoaded])
  const fade = `${edges.start ? ' conv-tabs--fade-start' : ''}${edges.end ? ' conv-tabs--fade-end' : ''}`
  return (
    <View className='conv-tabs-head'>
      <View className='conv-tabs-bar'>
        <View id={stripId} className='conv-tabs' role='tablist' aria-label='会话类型' data-testid='conv-tabs'>
          {CONVERSATION_TABS.map((tab) => (
            <Tab
              key={tab.key}
              label={tab.label}
              selected={tab.key === active}
              badge={formatBadge(unread[tab.key])}
              testId={tab.testId}
              onClick={() => onChange(tab.key)}
            />
          ))}
        </View>
        <View {...pressable()} className='conv-tabs__manage' role='button' aria-label='分组管理' data-testid='conv-tabs-manage' onClick={onManage}>
          <View className='conv-tabs__manage-dots' />
        </View>
        {children}
      </View>
      {hasGroups ? (
        <View className='conv-tabs-bar conv-tabs-bar--groups'>
          <View id={groupStripId} className={`conv-tabs${fade}`} role='tablist' aria-label='我的分组' data-testid='conv-tabs-groups'>
            {groups.map((g) => (
              <Tab
                key={g.id}
                label={g.groupName}
                selected={active === g.id}
                badge={formatBadge(groupUnread[g.id] ?? 0)}
                testId='conv-tab-group-custom'
                groupID={g.id}
                onClick={() => onChange(g.id)}
              />
            ))}
          </View>
          {edges.end ? (
            <View {...pressable()} className='conv-tabs__more' role='button' aria-label='更多分组' data-testid='conv-tabs-more' onClick={() => pageStrip(groupStripId, 1)}>
              <View className='conv-tabs__more-arrow' />
            </View>
          ) : null}
        </View>
      ) : null}
    </View>
  )
}
