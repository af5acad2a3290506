import { getChatEngine } from '@/engines'
import type { ChatEngine } from '@/engines/chat/ChatEngine'
import { useAppStore, type AppState } from '@/stores'

/** The engine the chat actions talk to (swappable in tests through setChatEngine). */
export function engine(): ChatEngine {
  return getChatEngine()
}

export function state(): AppState {
  return useAppStore.getState()
}

/** The logged-in user's ID, or '' when logged out. */
export function me(): string {
  return state().user?.wtId ?? ''
}

/** Conversation IDs name their type: C2C<userID> or GROUP<groupID>. */
export function conversationTypeOf(conversationID: string): 'C2C' | 'GROUP' {
  return conversationID.startsWith('GROUP') ? 'GROUP' : 'C2C'
}
