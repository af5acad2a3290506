// The chat actions screens call (conversation list, chat pane, group dialogs). Import from here.
export { bindChat, unbindChat } from './sync'
export {
  OPEN_FAILED_TEXT,
  closeConversation,
  createGroup,
  deleteConversation,
  getReadMembers,
  moveAllOutOfArchive,
  openConversation,
  reloadConversations,
  saveDraft,
  searchById,
  setFolded,
  setMuted,
  setPinned,
} from './conversations'
export { fillGap, loadOlderMessages } from './loading'
export { reportMessageVisible } from './read'
export { setTyping } from './typing'
export {
  resendMessage,
  sendAudio,
  sendCustom,
  sendFace,
  sendFile,
  sendImage,
  sendLocation,
  sendText,
  sendVideo,
  type AudioRecording,
  type LocationInput,
  type TextOptions,
} from './send'
export { sendErrorText } from './sendErrors'
export { mediaUrl, uploadFile } from './upload'
export { isAudioPlayed, markAudioPlayed } from './audio'
export { NEW_MESSAGE_TEXT, NOTIFICATION_TITLE, newMessagesText } from './notify'
