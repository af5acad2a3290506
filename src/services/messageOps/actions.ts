import type { Message } from '@shared/chat'
import type { ReactionFrame } from '@shared/frames'
import { MessageOpsText } from '@shared/messageOps'
import { favoriteRoutes } from '@shared/routes/favorites'
import { createSiteApi } from '../api/site'
import type { ServiceContext } from '../context'
import { messageKey } from '@/stores/chat/uiMessage'
import type { UiMessage } from '@/stores/slices/messages'

const peerOf = (conversationID: string) => conversationID.slice(3)

/** The pinned bar's summary of a message. */
function contentOf(m: Message): string {
  if (m.type === 'TIMTextElem') return String(m.payload.text ?? '').slice(0, 200)
  return ''
}

export type MessageOpsService = ReturnType<typeof createMessageOps>

/** Reactions, pinned messages, translation and voice-to-text, and the chat feature flags. */
export function createMessageOps({ api, engine, me, state }: ServiceContext) {
  const siteApi = createSiteApi(api)

  // ---- feature flags ----

  async function loadChatFeatures(): Promise<void> {
    try {
      const info = await siteApi.getSiteInfo()
      if (info.chatFeatures) state().setChatFeatures(info.chatFeatures)
    } catch (err) {
      console.warn('loading the chat feature flags failed', err)
    }
  }

  // ---- reactions ----

  function held(conversationID: string, sequence: number): UiMessage | undefined {
    return state().messages[conversationID]?.list.find((m) => m.sequence === sequence)
  }

  /** Toggles this user's reaction on a message; the limit text comes back as a toast from the server's msg. */
  async function toggleReaction(conversationID: string, message: UiMessage, reactionID: string): Promise<void> {
    const mine = message.reactionList?.find((r) => r.reactionID === reactionID)?.reacted ?? false
    const reactionList = await engine().setMessageReaction({ conversationID, sequence: message.sequence, reactionID, add: !mine })
    state().patchMessage(conversationID, messageKey(message), { reactionList })
  }

  /**
   * A live reaction change. The group copy is shared by everyone, so `reacted` is kept from what
   * this user already knew, except for the reaction the user just changed.
   */
  function applyReactionFrame(frame: ReactionFrame, selfID: string): void {
    const m = held(frame.conversationID, frame.sequence)
    if (!m) return
    const before = new Map((m.reactionList ?? []).map((r) => [r.reactionID, r.reacted]))
    const reactionList = frame.reactionList.map((r) => ({
      ...r,
      reacted: frame.operator === selfID && r.reactionID === frame.reactionID ? frame.added : r.reacted || (before.get(r.reactionID) ?? false),
    }))
    state().patchMessage(frame.conversationID, messageKey(m), { reactionList })
  }

  // ---- pinned messages (one-to-one) ----

  async function loadPinned(conversationID: string): Promise<void> {
    if (!conversationID.startsWith('C2C')) return
    try {
      const list = await api.call(favoriteRoutes.pinList, { toUserWtId: peerOf(conversationID) }, { silent: true })
      state().setPinnedMessages(conversationID, list)
    } catch (err) {
      console.warn('loading pinned messages failed', err)
    }
  }

  async function pinMessage(conversationID: string, m: Message): Promise<void> {
    await api.call(favoriteRoutes.pinAdd, { toUserWtId: peerOf(conversationID), senderWtId: m.from, msgId: m.ID, msgContent: contentOf(m) })
    await loadPinned(conversationID)
  }

  async function unpinMessage(conversationID: string, id: number): Promise<void> {
    await api.call(favoriteRoutes.pinDelete, { id })
    await loadPinned(conversationID)
  }

  // ---- translation and voice-to-text panels ----

  /** Opens the panel (loading, then the result or the error) or, when open, closes it. */
  async function togglePanel(kind: 'translate' | 'voice', conversationID: string, m: UiMessage): Promise<void> {
    const key = messageKey(m)
    const open = state().messagePanels[key]
    if (open && open.kind === kind) return state().setMessagePanel(key, null)
    state().setMessagePanel(key, { kind, status: 'loading', text: '' })
    try {
      const text =
        kind === 'translate'
          ? (await engine().translateText({ sourceTextList: [String(m.payload.text ?? '')], sourceLanguage: 'auto' })).join('\n')
          : await engine().convertVoiceToText({ conversationID, sequence: m.sequence })
      if (state().messagePanels[key]) state().setMessagePanel(key, { kind, status: 'done', text })
    } catch (err) {
      const msg = (err as { msg?: string }).msg || (err as Error).message || MessageOpsText.ProviderFailed
      if (state().messagePanels[key]) state().setMessagePanel(key, { kind, status: 'error', text: msg })
    }
  }

  // ---- engine binding ----

  /** Reactions and the top-message-changed counter from the socket; returns the unbinders. */
  function bindMessageOps(): Array<() => void> {
    return [
      engine().on('reaction', (frame) => applyReactionFrame(frame, me())),
      engine().on('ready', () => void loadChatFeatures()),
    ]
  }

  return { loadChatFeatures, toggleReaction, applyReactionFrame, loadPinned, pinMessage, unpinMessage, togglePanel, bindMessageOps }
}
