import { View } from '@tarojs/components'
import { useEffect, useId, useState, type ReactNode } from 'react'
import type { SessionGroup } from '@shared/sessionGroup'
import { attachTabStrip, revealInStrip, type StripEdges } from '@/platform/tabStrip'
import { formatBadge } from '@/utils/badge'
import type { ConversationTab } from '@/stores/selectors/chat'
import { CONVERSATION_TABS, type PaneTab } from './tabs'

interface ConversationTabsProps {
  active: PaneTab
  unread: Record<ConversationTab, number>
  /** The user's shown groups (分组), after the fixed tabs. */
  groups: readonly SessionGroup[]
  groupUnread: Record<number, number>
  onChange(tab: PaneTab): void
  /** Opens the tabs manager (anchored under its button). */
  onManage(): void
  /** The tabs manager, placed under the bar. */
  children?: ReactNode
}

function Tab({ label, selected, badge, testId, onClick }: { label: string; selected: boolean; badge: string; testId: string; onClick(): void }) {
  return (
    <View
      className={`conv-tabs__tab${selected ? ' conv-tabs__tab--active' : ''}`}
      role='tab'
      aria-selected={selected ? 'true' : 'false'}
      data-testid={testId}
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

/** 全部 / 未读 / @我 / 单聊 / 群聊, then the user's groups, each with its unread badge capped at 99+. */
export default function ConversationTabs({ active, unread, groups, groupUnread, onChange, onManage, children }: ConversationTabsProps) {
  // The strip scrolls sideways when badges or groups make it wider than the pane; a fade marks
  // each cut end, so no tab looks clipped mid-character next to the manager button.
  const stripId = `conv-tabs-${useId().replace(/[^\w-]/g, '')}`
  const [edges, setEdges] = useState<StripEdges>({ start: false, end: false })
  useEffect(() => attachTabStrip(stripId, setEdges), [stripId])
  useEffect(() => revealInStrip(stripId, '[aria-selected="true"]'), [stripId, active, groups.length])
  const fade = `${edges.start ? ' conv-tabs--fade-start' : ''}${edges.end ? ' conv-tabs--fade-end' : ''}`
  return (
    <View className='conv-tabs-bar'>
      <View id={stripId} className={`conv-tabs${fade}`} role='tablist' data-testid='conv-tabs'>
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
        {groups.map((g) => (
          <Tab
            key={g.id}
            label={g.groupName}
            selected={active === g.id}
            badge={formatBadge(groupUnread[g.id] ?? 0)}
            testId='conv-tab-group-custom'
            onClick={() => onChange(g.id)}
          />
        ))}
      </View>
      <View className='conv-tabs__manage' role='button' aria-label='分组管理' data-testid='conv-tabs-manage' onClick={onManage}>
        <View className='conv-tabs__manage-dots' />
      </View>
      {children}
    </View>
  )
}
