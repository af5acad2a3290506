import type { StateCreator } from 'zustand'
import { ALL_FEATURES_ON, type ChatFeatures, type PinnedMessage } from '@shared/messageOps'
import type { AppState } from '../appState'

/** The translation or voice-to-text panel under one message. */
export interface MessagePanel {
  kind: 'translate' | 'voice'
  status: 'loading' | 'done' | 'error'
  text: string
}

export interface MessageOpsSlice {
  /** Chat feature flags of the server (spec section 6); all on until it says otherwise. */
  chatFeatures: ChatFeatures
  /** messageKey → its open panel. */
  messagePanels: Record<string, MessagePanel>
  /** conversationID → its pinned messages (one-to-one chats), newest first. */
  pinnedMessages: Record<string, PinnedMessage[]>
  /** The message whose reaction picker is open (messageKey), opened from the menu. */
  reactionPickerFor: string | null
  /** A message to show once its chat is open (a chat-history hit of the conversation list's search). */
  pendingJump: { conversationID: string; messageID: string } | null
  setPendingJump(jump: { conversationID: string; messageID: string } | null): void
  setChatFeatures(features: ChatFeatures): void
  setReactionPickerFor(key: string | null): void
  setMessagePanel(key: string, panel: MessagePanel | null): void
  setPinnedMessages(conversationID: string, list: PinnedMessage[]): void
}

export const messageOpsInitial = {
  chatFeatures: ALL_FEATURES_ON,
  messagePanels: {},
  pinnedMessages: {},
  reactionPickerFor: null,
  pendingJump: null,
} satisfies Partial<MessageOpsSlice>

export const createMessageOpsSlice: StateCreator<AppState, [], [], MessageOpsSlice> = (set) => ({
  ...messageOpsInitial,
  setChatFeatures: (chatFeatures) => set({ chatFeatures }),
  setReactionPickerFor: (reactionPickerFor) => set({ reactionPickerFor }),
  setPendingJump: (pendingJump) => set({ pendingJump }),
  setMessagePanel: (key, panel) =>
    set((s) => {
      const messagePanels = { ...s.messagePanels }
      if (panel) messagePanels[key] = panel
      else delete messagePanels[key]
      return { messagePanels }
    }),
  setPinnedMessages: (conversationID, list) => set((s) => ({ pinnedMessages: { ...s.pinnedMessages, [conversationID]: list } })),
})
