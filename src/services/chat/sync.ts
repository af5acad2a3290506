import type { PeerReadEvent, ReceiptEvent } from '@/engines/chat/ChatEngine'
import type { Conversation, Message } from '@shared/chat'
import { isSenderOnlyContactMessage } from '@shared/friends'
import { visibility } from '@/platform/visibility'
import { appLocation } from '@/platform/location'
import { matchPath, navigate } from '@/router/navigation'
import { highestSequence } from '@/stores/chat/uiMessage'
import { createUserApi } from '../api/user'
import type { ServiceContext } from '../context'
import type { MessageOpsService } from '../messageOps/actions'
import { toUi } from './audio'
import type { createConversations } from './conversations'
import type { createLoading } from './loading'
import type { createMessageActions } from './messageOps'
import type { createNotify } from './notify'
import type { createReads } from './read'
import type { createSend } from './send'
import type { createTyping } from './typing'

export interface ChatSyncDeps {
  conversations: ReturnType<typeof createConversations>
  loading: ReturnType<typeof createLoading>
  reads: ReturnType<typeof createReads>
  typing: ReturnType<typeof createTyping>
  send: ReturnType<typeof createSend>
  notify: ReturnType<typeof createNotify>
  messageActions: ReturnType<typeof createMessageActions>
  /** The message operations, whose own bindings (reactions, feature flags) come and go with the chat's. */
  messageOps: Pick<MessageOpsService, 'bindMessageOps'>
}

export function createChatSync(ctx: ServiceContext, deps: ChatSyncDeps) {
  const { me, state, store } = ctx
  const { closeConversation, openConversation, reloadConversations, clearReloads } = deps.conversations
  const { fillGap, clearFills } = deps.loading
  const { notifyIncoming, requestNotificationPermission, restoreTitle } = deps.notify
  const { flushReads, markConversationRead, clearReads } = deps.reads
  const { receiveTyping, clearTyping, stopTypingOf } = deps.typing
  const { applyRevoked, applyWithdrawNotice } = deps.messageActions
  const userApi = createUserApi(ctx.api)

  let unbind: Array<() => void> | null = null
  let sessionStarted = false

  function onMessage(message: Message): void {
    // Being blacklisted is never shown to the blocked person, whatever an older server sends.
    if (message.from !== me() && isSenderOnlyContactMessage(message.type, message.payload)) return
    const s = state()
    const id = message.conversationID
    stopTypingOf(id, message.from)
    const held = s.messages[id]
    if (held) {
      const highest = highestSequence(held.list)
      s.mergeMessages(id, [toUi(message)])
      // Live pushes are best-effort: a jump in sequence means something was missed.
      if (highest > 0 && message.sequence > highest + 1) fillGap(id).catch((err: unknown) => console.warn('catching up failed', id, err))
    }
    if (s.conversations[id]) s.applyConversationMessage(message, me())
    else void reloadConversations()
    notifyIncoming(message, openFromNotification)
  }

  /** A notification was clicked: the messages page with that conversation open. */
  function openFromNotification(conversationID: string): void {
    void openConversation(conversationID)
    if (matchPath(appLocation.current().path)?.route.name !== 'messages') void navigate('messages')
  }

  function onPeerRead({ conversationID, sequence }: PeerReadEvent): void {
    const conv = state().conversations[conversationID]
    if (conv && sequence > conv.peerReadSequence) state().patchConversation(conversationID, { peerReadSequence: sequence })
  }

  function onReceipt({ conversationID, sequence, readCount, unreadCount }: ReceiptEvent): void {
    state().setReadReceipt(conversationID, sequence, readCount, unreadCount)
  }

  function onConversationChanged(conversation: Conversation): void {
    state().upsertConversation(conversation)
  }

  function onConversationDeleted({ conversationID }: { conversationID: string }): void {
    if (state().activeConversationID === conversationID) closeConversation()
    state().removeConversation(conversationID)
    state().dropMessages(conversationID)
  }

  /**
   * Every (re)connect: the list again, a catch-up of what the held conversations missed, and the
   * open conversation read again (reads made while disconnected never reached the server).
   */
  function onReady(): void {
    void reloadConversations().then(() => {
      const active = state().activeConversationID
      if (active) markConversationRead(active)
      flushReads()
    })
    if (sessionStarted) return
    sessionStarted = true
    requestNotificationPermission()
    if (!state().userConfig) {
      userApi.getUserConfig().then(
        (config) => state().setUserConfig(config),
        (err: unknown) => console.warn('loading the user config failed', err),
      )
    }
  }

  function onVisibility(hidden: boolean): void {
    if (hidden) return
    restoreTitle()
    flushReads()
  }

  /** Everything kept outside the store for the session goes with it. */
  function clearSessionState(): void {
    sessionStarted = false
    clearReloads()
    clearFills()
    clearReads()
    deps.send.clearComposed()
    clearTyping()
    restoreTitle()
  }

  /** Connects the chat engine's events to the store (called by the messaging login); binding again does nothing. */
  function bindChat(): void {
    if (unbind) return
    const engine = ctx.engine()
    let user = state().user?.token ?? null
    unbind = [
      engine.on('ready', onReady),
      engine.on('message', onMessage),
      engine.on('typing', receiveTyping),
      engine.on('peerRead', onPeerRead),
      engine.on('receipt', onReceipt),
      engine.on('conversationChanged', onConversationChanged),
      engine.on('conversationDeleted', onConversationDeleted),
      ...deps.messageOps.bindMessageOps(),
      engine.on('messageRevoked', applyRevoked),
      engine.on('notice', applyWithdrawNotice),
      visibility.onChange(onVisibility),
      store.subscribe((s) => {
        const token = s.user?.token ?? null
        if (token === user) return
        user = token
        clearSessionState()
      }),
    ]
    // Bound after the engine is already up (a second login on a live engine): sync now.
    if (engine.isReady()) onReady()
  }

  function unbindChat(): void {
    unbind?.forEach((off) => off())
    unbind = null
    clearSessionState()
  }

  return { bindChat, unbindChat }
}
