import { View } from '@tarojs/components'
import { formatBadge } from '@/utils/badge'
import type { ConversationTab } from '@/stores/selectors/chat'
import { CONVERSATION_TABS } from './tabs'

interface ConversationTabsProps {
  active: ConversationTab
  unread: Record<ConversationTab, number>
  onChange(tab: ConversationTab): void
}

/** 全部 / 未读 / @我 / 单聊 / 群聊, each with its unread badge capped at 99+. */
export default function ConversationTabs({ active, unread, onChange }: ConversationTabsProps) {
  return (
    <View className='conv-tabs' role='tablist'>
      {CONVERSATION_TABS.map((tab) => {
        const selected = tab.key === active
        const badge = formatBadge(unread[tab.key])
        return (
          <View
            key={tab.key}
            className={`conv-tabs__tab${selected ? ' conv-tabs__tab--active' : ''}`}
            role='tab'
            aria-selected={selected ? 'true' : 'false'}
            data-testid={tab.testId}
            onClick={() => onChange(tab.key)}
          >
            <View className='conv-tabs__label'>{tab.label}</View>
            {badge ? (
              <View className='badge conv-tabs__badge' data-testid='conv-tab-badge'>
                {badge}
              </View>
            ) : null}
          </View>
        )
      })}
    </View>
  )
}
