import type { ConversationTab } from '@/stores/selectors/chat'

/** A tab of the pane: a fixed one, or the id of one of the user's groups (分组). */
export type PaneTab = ConversationTab | number

export interface TabDefinition {
  key: ConversationTab
  label: string
  testId: string
}

/** The fixed tabs of the conversation list (spec 2 "Conversation list"). */
export const CONVERSATION_TABS: readonly TabDefinition[] = [
  { key: 'all', label: '全部', testId: 'conv-tab-all' },
  { key: 'unread', label: '未读', testId: 'conv-tab-unread' },
  { key: 'atMe', label: '@我', testId: 'conv-tab-atme' },
  { key: 'c2c', label: '单聊', testId: 'conv-tab-c2c' },
  { key: 'group', label: '群聊', testId: 'conv-tab-group' },
]
