import type { ServiceContext } from '../context'
import type { MessageOpsService } from '../messageOps/actions'
import { createAudio } from './audio'
import { createConversations } from './conversations'
import { createLoading } from './loading'
import { createMessageActions } from './messageOps'
import { createNotify } from './notify'
import { createReads } from './read'
import { createSend } from './send'
import { createChatSync } from './sync'
import { createTyping } from './typing'
import { createUpload } from './upload'

// The chat actions screens call (conversation list, chat pane, group dialogs), reached through
// the app (`useApp().chat`); the texts and pure helpers are plain exports.
export { OPEN_FAILED_TEXT } from './conversations'
export { type AudioRecording, type LocationInput, type TextOptions } from './send'
export { sendErrorText } from './sendErrors'
export { isAudioPlayed } from './audio'
export { COPY_UNSUPPORTED_TEXT, NOTHING_SELECTED_TEXT, collectPayloadOf, type ForwardRequest } from './messageOps'
export { NEW_MESSAGE_TEXT, NOTIFICATION_TITLE, newMessagesText } from './notify'

export interface ChatDeps {
  endSession(why: string): void
  /** Spec 8: a send refused with 20007 checks the friend relation again. */
  reloadFriends(): Promise<void>
  /** The message operations, bound to the engine with the chat (reactions, feature flags). */
  messageOps: Pick<MessageOpsService, 'bindMessageOps'>
}

export type ChatService = ReturnType<typeof createChat>

export function createChat(ctx: ServiceContext, deps: ChatDeps) {
  const typing = createTyping(ctx)
  const reads = createReads(ctx)
  const loading = createLoading(ctx)
  const notify = createNotify(ctx)
  const upload = createUpload(ctx, deps.endSession)
  const conversations = createConversations(ctx, { loading, reads, typing })
  const send = createSend(ctx, { uploadFile: upload.uploadFile, reloadFriends: deps.reloadFriends, showNewest: loading.showNewest })
  const messageActions = createMessageActions(ctx, upload.messageMediaUrl)
  const sync = createChatSync(ctx, { conversations, loading, reads, typing, send, notify, messageActions, messageOps: deps.messageOps })
  const { markAudioPlayed } = createAudio(ctx)

  return {
    bindChat: sync.bindChat,
    unbindChat: sync.unbindChat,
    reloadConversations: conversations.reloadConversations,
    openConversation: conversations.openConversation,
    closeConversation: conversations.closeConversation,
    setPinned: conversations.setPinned,
    setMuted: conversations.setMuted,
    setFolded: conversations.setFolded,
    moveAllOutOfArchive: conversations.moveAllOutOfArchive,
    deleteConversation: conversations.deleteConversation,
    saveDraft: conversations.saveDraft,
    createGroup: conversations.createGroup,
    searchById: conversations.searchById,
    getReadMembers: conversations.getReadMembers,
    fillGap: loading.fillGap,
    loadOlderMessages: loading.loadOlderMessages,
    loadNewerMessages: loading.loadNewerMessages,
    showNewest: loading.showNewest,
    loadAround: loading.loadAround,
    searchAllMessages: conversations.searchAllMessages,
    reportMessageVisible: reads.reportMessageVisible,
    setTyping: typing.setTyping,
    isOnScreen: send.isOnScreen,
    sendText: send.sendText,
    sendFace: send.sendFace,
    sendLocation: send.sendLocation,
    sendCustom: send.sendCustom,
    sendStored: send.sendStored,
    sendImage: send.sendImage,
    sendVideo: send.sendVideo,
    sendFile: send.sendFile,
    sendAudio: send.sendAudio,
    resendMessage: send.resendMessage,
    uploadFile: upload.uploadFile,
    mediaUrl: upload.mediaUrl,
    messageMediaUrl: upload.messageMediaUrl,
    markAudioPlayed,
    revokeMessage: messageActions.revokeMessage,
    deleteMessages: messageActions.deleteMessages,
    copyMessage: messageActions.copyMessage,
    openMessage: messageActions.openMessage,
    forwardMessages: messageActions.forwardMessages,
    collectMessages: messageActions.collectMessages,
  }
}
