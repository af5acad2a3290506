import { createContext, useContext } from 'react'
import type { Conversation } from '@shared/chat'
import type { UiMessage } from '@/stores/slices/messages'
import type { FitContext } from '@/utils/media'

/** What every row of the open chat needs to know and do, without threading it through each level. */
export interface ChatScreen {
  conversationID: string
  conversation: Conversation | undefined
  selfID: string
  isGroup: boolean
  fit: FitContext
  openPreview(message: UiMessage): void
  openReceipts(message: UiMessage): void
  askResend(message: UiMessage): void
  /** Puts text into the editor (re-editing a revoked message). */
  editText(text: string): void
  /** Group chats: opens a member's card (avatars of others). */
  openMember?: (userID: string) => void
}

export const ChatScreenContext = createContext<ChatScreen | null>(null)

export function useChatScreen(): ChatScreen {
  const value = useContext(ChatScreenContext)
  if (!value) throw new Error('useChatScreen outside ChatPanel')
  return value
}
