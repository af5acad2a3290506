import { MsgType, type Message } from '@shared/chat'
import { storage } from '@/platform/storage'
import { fromServer, messageKey, type UiMessage } from '@/stores/chat/uiMessage'
import type { ServiceContext } from '../context'

const PLAYED_KEY = 'wt_played_audio'
/** Enough for every voice message anyone scrolls back to; the oldest are forgotten first. */
const PLAYED_LIMIT = 500

function playedIds(): string[] {
  const saved = storage.get<unknown>(PLAYED_KEY)
  return Array.isArray(saved) ? saved.filter((x): x is string => typeof x === 'string') : []
}

/** Whether this device has played the voice message (the unplayed mark survives reloads). */
export function isAudioPlayed(messageID: string): boolean {
  return playedIds().includes(messageID)
}

export function createAudio({ state }: ServiceContext) {
  /** The voice message was played: its unplayed mark goes, here and after a reload. */
  function markAudioPlayed(conversationID: string, messageID: string): void {
    const list = state().messages[conversationID]?.list
    const message = list?.find((m) => m.ID === messageID)
    if (message && !message.played) {
      state().patchMessage(conversationID, messageKey(message), { played: true })
    }
    const ids = playedIds().filter((id) => id !== messageID)
    ids.push(messageID)
    storage.set(PLAYED_KEY, ids.slice(-PLAYED_LIMIT))
  }

  return { markAudioPlayed }
}

/** A stored message as the store keeps it; voice messages remember whether they were played. */
export function toUi(message: Message): UiMessage {
  return fromServer(message, message.type === MsgType.Audio && isAudioPlayed(message.ID) ? { played: true } : {})
}
