import { createContext, useContext } from 'react'
import type { Conversation } from '@shared/chat'
import type { UiMessage } from '@/stores/slices/messages'
import type { FitContext } from '@/utils/media'
import type { PressPoint } from '@/components/conversation/usePressMenu'

/** What every row of the open chat needs to know and do, without threading it through each level. */
export interface ChatScreen extends MessageOpsScreen {
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
}

/** The message operations part of the chat screen (components/chat/menu/useMessageOps.ts). */
export interface MessageOpsScreen {
  /** Opens the message menu at a point (right-click, long press). */
  openMenu(message: UiMessage, point: PressPoint): void
  /** Shows the quote bar above the editor; the next text sent quotes this message. */
  startQuote(message: UiMessage): void
  /** Opens the forward dialog for these messages, one by one or as one merged record. */
  startForward(messages: UiMessage[], merged?: boolean): void
  /** Enters multi-select with this message ticked. */
  startMultiSelect(message: UiMessage): void
  selecting: boolean
  /** Keys (messageKey) of the ticked messages. */
  selectedKeys: ReadonlySet<string>
  toggleSelected(message: UiMessage): void
  /** Opens the merged chat-record viewer on a merged message's payload. */
  openMerged(payload: Record<string, unknown>): void
  /**
   * Scrolls to a message by ID, loading older pages until it is found, and blinks it for 3 s.
   * Resolves false (after the '无法定位到原消息' toast) when it cannot be found.
   */
  jumpToMessage(messageID: string): Promise<boolean>
  /** The message blinking after a jump (its messageKey). */
  highlightKey: string | null
}

export const ChatScreenContext = createContext<ChatScreen | null>(null)

export function useChatScreen(): ChatScreen {
  const value = useContext(ChatScreenContext)
  if (!value) throw new Error('useChatScreen outside ChatPanel')
  return value
}
