import { createStore, type StoreApi } from 'zustand/vanilla'
import type { AppState } from './appState'
import { createBadgesSlice } from './slices/badges'
import { createContactsSlice } from './slices/contacts'
import { createCallSlice } from './slices/call'
import { createConversationsSlice } from './slices/conversations'
import { createFavoritesSlice } from './slices/favorites'
import { createGroupsSlice } from './slices/groups'
import { createMessagesSlice } from './slices/messages'
import { createMessageOpsSlice } from './slices/messageOps'
import { createMomentsSlice } from './slices/moments'
import { createSessionSlice } from './slices/session'
import { createConversationGroupsSlice } from './slices/conversationGroups'
import { createUiSlice } from './slices/ui'

export type { AppState } from './appState'
export type { Badges, GroupNoticeUnread } from './slices/badges'
export type { ProfilePatch, TwoFactorState } from './slices/session'
export type { NetState } from '@/engines/chat/ChatEngine'
export type { LoadingBarState, ToastItem, ToastType } from './slices/ui'
export type { MessageListState, SendStatus, UiMessage } from './slices/messages'
export type { ConversationTab } from './selectors/chat'
export type { ProfileTarget } from './slices/contacts'
export type { GroupNoticeLists, MemberListState, NoticeListState } from './slices/groups'
export type { MomentNoticeList, MomentPage } from './slices/moments'

/** The one application store of an app: serialisable data and the setters on it, in typed slices. */
export type AppStore = StoreApi<AppState>

/** A store at its start-up state; the composition root makes one per app. */
export function createAppStore(): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createSessionSlice(...a),
    ...createBadgesSlice(...a),
    ...createUiSlice(...a),
    ...createConversationsSlice(...a),
    ...createMessagesSlice(...a),
    ...createContactsSlice(...a),
    ...createCallSlice(...a),
    ...createGroupsSlice(...a),
    ...createMessageOpsSlice(...a),
    ...createFavoritesSlice(...a),
    ...createMomentsSlice(...a),
    ...createConversationGroupsSlice(...a),
  }))
}
