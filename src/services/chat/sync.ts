import type { ChatEngine, PeerReadEvent, ReceiptEvent } from '@/engines/chat/ChatEngine'
import type { Conversation, Message } from '@shared/chat'
import { visibility } from '@/platform/visibility'
import { appLocation } from '@/platform/location'
import { matchPath, navigate } from '@/router/navigation'
import { useAppStore } from '@/stores'
import { highestSequence } from '@/stores/chat/uiMessage'
import { getUserConfig } from '../api/user'
import { toUi } from './audio'
import { me, state } from './context'
import { closeConversation, openConversation, reloadConversations, resetConversations } from './conversations'
import { fillGap, resetLoading } from './loading'
import { notifyIncoming, requestNotificationPermission, resetNotify, restoreTitle } from './notify'
import { flushReads, markConversationRead, resetReads } from './read'
import { resetSends } from './send'
import { bindMessageOps } from '../messageOps/actions'
import { receiveTyping, resetTyping, stopTypingOf } from './typing'
import { applyRevoked, applyWithdrawNotice } from './messageOps'

let boundEngine: ChatEngine | null = null
let unbind: Array<() => void> = []
let sessionStarted = false

function onMessage(message: Message): void {
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
    getUserConfig().then(
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
function resetSession(): void {
  sessionStarted = false
  resetConversations()
  resetLoading()
  resetReads()
  resetSends()
  resetTyping()
  resetNotify()
}

/**
 * Connects the chat engine's events to the store (called by the messaging login). Binding the
 * same engine again does nothing; a new engine replaces the old binding.
 */
export function bindChat(engine: ChatEngine): void {
  if (boundEngine === engine) return
  unbindChat()
  boundEngine = engine
  let user = useAppStore.getState().user?.token ?? null
  unbind = [
    engine.on('ready', onReady),
    engine.on('message', onMessage),
    engine.on('typing', receiveTyping),
    engine.on('peerRead', onPeerRead),
    engine.on('receipt', onReceipt),
    engine.on('conversationChanged', onConversationChanged),
    engine.on('conversationDeleted', onConversationDeleted),
    ...bindMessageOps(engine),
    engine.on('messageRevoked', applyRevoked),
    engine.on('notice', applyWithdrawNotice),
    visibility.onChange(onVisibility),
    useAppStore.subscribe((s) => {
      const token = s.user?.token ?? null
      if (token === user) return
      user = token
      resetSession()
    }),
  ]
  // Bound after the engine is already up (a second login on a live engine): sync now.
  if (engine.isReady()) onReady()
}

export function unbindChat(): void {
  unbind.forEach((off) => off())
  unbind = []
  boundEngine = null
  resetSession()
}
