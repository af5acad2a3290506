import { z } from 'zod'
import {
  Conversation,
  ConversationBody,
  CustomDataBody,
  DeleteConversationBody,
  DraftBody,
  HistoryBody,
  LocateBody,
  LocatedMessage,
  MarkFoldBody,
  MessagePage,
  MessagesSince,
  MuteBody,
  PinBody,
  ReadMembersBody,
  ReadMembersPage,
  Reaction,
  SinceBody,
} from '../chat'
import {
  DeleteMessagesBody,
  ForwardBody,
  ForwardResult,
  HistorySearchBody,
  HistorySearchResult,
  MessageSearchBody,
  ReactionBody,
  RevokeBody,
  TranslateBody,
  TranslateResult,
  VoiceToTextBody,
  VoiceToTextResult,
} from '../messageOps'
import { route } from './route'

/** A changed conversation as the caller now sees it; null only if it vanished meanwhile. */
const changedConversation = Conversation.nullable()

/**
 * Spec section 7 "Chat engine": the HTTP side of the self-hosted chat engine under /api/im
 * (conversations, history and catch-up, message operations). Sends go over /ws.
 */
export const chatRoutes = {
  conversations: route({ method: 'GET', path: '/im/conversations', summary: 'Visible conversations, pinned first', answer: z.array(Conversation) }),
  open: route({ method: 'POST', path: '/im/conversation/open', summary: 'Open (unhide) a conversation', body: ConversationBody, answer: changedConversation }),
  history: route({ method: 'POST', path: '/im/messages/history', summary: 'A page of history, oldest first', body: HistoryBody, answer: MessagePage }),
  locate: route({ method: 'POST', path: '/im/messages/locate', summary: "A message's sequence, found by its ID", body: LocateBody, answer: LocatedMessage }),
  since: route({ method: 'POST', path: '/im/messages/since', summary: 'Everything after a sequence (catch-up)', body: SinceBody, answer: MessagesSince }),
  pin: route({ method: 'POST', path: '/im/conversation/pin', summary: 'Pin or unpin', body: PinBody, answer: changedConversation }),
  mute: route({ method: 'POST', path: '/im/conversation/mute', summary: 'Mute or unmute', body: MuteBody, answer: changedConversation }),
  fold: route({ method: 'POST', path: '/im/conversation/fold', summary: 'Fold or unfold', body: MarkFoldBody, answer: changedConversation }),
  draft: route({ method: 'POST', path: '/im/conversation/draft', summary: 'Save the draft', body: DraftBody, answer: changedConversation }),
  customData: route({ method: 'POST', path: '/im/conversation/customData', summary: "The conversation's custom data", body: CustomDataBody, answer: changedConversation }),
  delete: route({ method: 'POST', path: '/im/conversation/delete', summary: 'Delete a conversation, optionally its history', body: DeleteConversationBody, answer: z.null() }),
  readMembers: route({ method: 'POST', path: '/im/message/readMembers', summary: 'Read or unread members of a group message', body: ReadMembersBody, answer: ReadMembersPage }),
  revoke: route({
    method: 'POST',
    path: '/im/message/revoke',
    summary: 'Revoke a message for everyone',
    body: RevokeBody,
    answer: z.object({ conversationID: z.string(), sequence: z.number().int(), revoker: z.string() }),
  }),
  deleteMessages: route({ method: 'POST', path: '/im/message/delete', summary: 'Delete messages for me', body: DeleteMessagesBody, answer: z.object({ sequences: z.array(z.number().int()) }) }),
  forward: route({ method: 'POST', path: '/im/message/forward', summary: 'Forward messages, one by one or merged', body: ForwardBody, answer: ForwardResult }),
  reaction: route({ method: 'POST', path: '/im/message/reaction', summary: 'Add or remove my emoji reaction', body: ReactionBody, answer: z.object({ reactionList: z.array(Reaction) }) }),
  translate: route({ method: 'POST', path: '/im/translate', summary: 'Translate texts', body: TranslateBody, answer: TranslateResult }),
  voiceToText: route({ method: 'POST', path: '/im/voiceToText', summary: 'Transcribe a voice message', body: VoiceToTextBody, answer: VoiceToTextResult }),
  searchAll: route({
    method: 'POST',
    path: '/im/messages/searchAll',
    summary: 'Search the chat history of all conversations, newest first',
    body: HistorySearchBody,
    answer: HistorySearchResult,
  }),
  search: route({ method: 'POST', path: '/im/messages/search', summary: 'Search messages of a conversation, newest first', body: MessageSearchBody, answer: MessagePage }),
}
