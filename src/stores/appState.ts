import type { BadgesSlice } from './slices/badges'
import type { ContactsSlice } from './slices/contacts'
import type { FavoritesSlice } from './slices/favorites'
import type { CallSlice } from './slices/call'
import type { ConversationsSlice } from './slices/conversations'
import type { GroupsSlice } from './slices/groups'
import type { MessagesSlice } from './slices/messages'
import type { MessageOpsSlice } from './slices/messageOps'
import type { MomentsSlice } from './slices/moments'
import type { SessionSlice } from './slices/session'
import type { ConversationGroupsSlice } from './slices/conversationGroups'
import type { UiSlice } from './slices/ui'

export type AppState = SessionSlice & BadgesSlice & UiSlice & ConversationsSlice & MessagesSlice & ContactsSlice & CallSlice & GroupsSlice & MessageOpsSlice & FavoritesSlice & MomentsSlice & ConversationGroupsSlice
