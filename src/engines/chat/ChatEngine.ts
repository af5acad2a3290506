import type { RtcPayload, SfuRequest } from '@shared/call'
import type { Conversation, Message, MessagePage, MessagesSince, OutgoingMessage, ReadMembersPage, Reaction } from '@shared/chat'
import type { FriendApplyFrame, FriendChangeFrame, NoticeFrame, ReactionFrame, ServerFrame, ConversationGroupsFrame } from '@shared/frames'
import type { MessageSearchBody } from '@shared/messageOps'
import type { GroupCreateBody, GroupCreateResult, GroupListItem } from '@shared/group'
import type { ForwardBody, ForwardResult } from '@shared/messageOps'
import type { SearchResult } from '@shared/search'
import type { NoticeType } from '@shared/ws'

/** The numeric notices of the spec's socket other than the forced logouts. */
export type { NoticeFrame }

/** A forced logout (-1 session revoked elsewhere, -2 account-level error): show msg, go to /login. */
export interface KickedEvent {
  type: typeof NoticeType.ForcedLogout | typeof NoticeType.FatalError
  msg: string
}

export type NetState = 'connected' | 'connecting' | 'disconnected'

export interface ChatEngineEvents {
  /** Logged in, and the channel is up (again, after a reconnect). */
  ready: undefined
  /** The channel dropped; the engine is reconnecting. */
  notReady: undefined
  notice: NoticeFrame
  /** Contacts: a new friend application or its unread count, or a change of the friend list. */
  contacts: FriendApplyFrame | FriendChangeFrame
  /** The conversation groups (分组) changed on another device of this user: the new list. */
  conversationGroups: ConversationGroupsFrame
  kicked: KickedEvent
  netStateChange: NetState
  /** The server refused a frame of ours. */
  error: { code: number; msg: string }
  /** A new message, from someone else or from another device of this user. */
  message: Message
  typing: TypingEvent
  /** The C2C peer has read up to `sequence`. */
  peerRead: PeerReadEvent
  /** New read counts of a group message this user sent with needReadReceipt. */
  receipt: ReceiptEvent
  /** This user's view of a conversation changed (read state, pin, mute… on any device). */
  conversationChanged: Conversation
  /** Deleted on another device of this user. */
  conversationDeleted: { conversationID: string }
  /** A WebRTC negotiation frame from a call participant (ephemeral, never stored). */
  rtc: RtcEvent
  /** The SFU's side of a group call (Janus through the server). */
  sfu: SfuEventFrame
  /** The emoji reactions of a message changed (anyone in the conversation, this user included). */
  reaction: ReactionFrame
  /** A message was revoked by its sender or, in a group, by an owner or admin ('administrator'). */
  messageRevoked: RevokedEvent
}

/** The event payloads are the server's frames without their `type` (types/frames.ts). */
type FrameBody<T extends ServerFrame['type']> = Omit<Extract<ServerFrame, { type: T }>, 'type'>

export type RevokedEvent = FrameBody<'revoked'>
export type SfuEventFrame = FrameBody<'sfu'>
export type RtcEvent = FrameBody<'rtc'>
export type TypingEvent = FrameBody<'typing'>
export type PeerReadEvent = FrameBody<'read'>
export type ReceiptEvent = FrameBody<'receipt'>

/** What a send can be refused with: the spec's send error codes (types/chat.ts SendError). */
export class SendFailure extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly hasRiskContent = false,
  ) {
    super(msg)
    this.name = 'SendFailure'
  }
}

/** Codes of SendFailure that do not come from the server. */
export const LocalSendError = {
  /** The message does not pass the wire contract, so the server would refuse the frame. */
  Invalid: 400,
  /** No acknowledgement in SEND_ACK_TIMEOUT_MS while connected. */
  Timeout: 408,
  /** The engine logged out with the message still unacknowledged. */
  Cancelled: 499,
} as const

/** The answers of the history, catch-up and read-member routes (types/routes/chat.ts). */
export type { MessagePage, MessagesSince, ReadMember, ReadMembersPage } from '@shared/chat'

export interface GetMessageListParams {
  conversationID: string
  /** Older than this sequence; omitted for the newest page. */
  beforeSequence?: number
  count?: number
}

export interface MessageRefParams {
  conversationID: string
  sequence: number
}

export interface SetReactionParams extends MessageRefParams {
  reactionID: string
  /** true adds this user's reaction, false removes it. */
  add: boolean
}

export interface TranslateParams {
  sourceTextList: string[]
  /** 'auto' detects it. */
  sourceLanguage?: string
  targetLanguage?: string
}

export type SearchMessagesParams = Partial<MessageSearchBody> & { conversationID: string }

export interface GetMessagesSinceParams {
  conversationID: string
  afterSequence: number
  count?: number
}

export interface GetReadMembersParams {
  conversationID: string
  sequence: number
  /** 0 read, 1 unread (spec). */
  filter: 0 | 1
  cursor?: string
  count?: number
}

/** An outgoing message as callers give it; the wire defaults are filled in by the engine. */
export type OutgoingMessageInput = Omit<OutgoingMessage, 'cloudCustomData' | 'atUserList' | 'needReadReceipt'> &
  Partial<Pick<OutgoingMessage, 'cloudCustomData' | 'atUserList' | 'needReadReceipt'>>

export type ChatEventName = keyof ChatEngineEvents
export type ChatEventHandler<K extends ChatEventName> = (payload: ChatEngineEvents[K]) => void

export interface ChatLoginParams {
  userID: string
  /** The messaging signature (LoginResult.imToken). */
  userSig: string
}

export const ChatErrorCode = {
  /** The server refused the credentials. */
  Unauthorized: 'unauthorized',
  /** No answer from the server in time. */
  Timeout: 'timeout',
  /** The server speaks another protocol version, or answered for another user. */
  Incompatible: 'incompatible',
  /** logout() was called while logging in. */
  Cancelled: 'cancelled',
  /** Nothing to log in with (no session token). */
  NoSession: 'noSession',
} as const
export type ChatErrorCode = (typeof ChatErrorCode)[keyof typeof ChatErrorCode]

export class ChatEngineError extends Error {
  constructor(
    readonly code: ChatErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'ChatEngineError'
  }
}

/**
 * The messaging engine, shaped after the parts of @tencentcloud/chat the product uses. Stores and
 * components talk to this interface only; the self-hosted implementation talks to our server.
 */
export interface ChatEngine {
  /** Resolves once the engine is ready; rejects with a ChatEngineError. */
  login(params: ChatLoginParams): Promise<void>
  logout(): Promise<void>
  isReady(): boolean
  /** Returns a function that removes the handler. */
  on<K extends ChatEventName>(event: K, handler: ChatEventHandler<K>): () => void
  off<K extends ChatEventName>(event: K, handler: ChatEventHandler<K>): void

  /** The user's visible conversations, pinned first, then newest. */
  getConversationList(): Promise<Conversation[]>
  /** Creates the conversation for this user if needed (a first chat with someone found by ID). */
  openConversation(conversationID: string): Promise<Conversation>
  getMessageList(params: GetMessageListParams): Promise<MessagePage>
  /** The catch-up after a reconnect: everything after a sequence, oldest first. */
  getMessagesSince(params: GetMessagesSinceParams): Promise<MessagesSince>
  /**
   * Resolves with the stored message once the server has committed it; rejects with a
   * SendFailure. A send not acknowledged when the connection drops is sent again, with the same
   * clientMsgId, once it is back, so it is never stored twice.
   */
  sendMessage(message: OutgoingMessageInput): Promise<Message>
  setTyping(conversationID: string, typing: boolean): void
  /** Everything up to `sequence` is read. */
  markRead(conversationID: string, sequence: number): void
  /** Group messages with needReadReceipt that were seen. */
  sendReceipts(conversationID: string, sequences: number[]): void
  pinConversation(conversationID: string, isPinned: boolean): Promise<Conversation>
  muteConversation(conversationID: string, isMuted: boolean): Promise<Conversation>
  foldConversation(conversationID: string, folded: boolean): Promise<Conversation>
  setDraft(conversationID: string, draftText: string): Promise<Conversation>
  setCustomData(conversationID: string, customData: string): Promise<Conversation>
  deleteConversation(conversationID: string, clearHistory: boolean): Promise<void>
  getReadMembers(params: GetReadMembersParams): Promise<ReadMembersPage>
  createGroup(body: GroupCreateBody): Promise<GroupCreateResult>
  getGroupList(): Promise<GroupListItem[]>
  searchById(searchId: string): Promise<SearchResult[]>
  /** Revokes a stored message for everyone; rejects with the server's code (20016 past the window). */
  revokeMessage(conversationID: string, sequence: number): Promise<{ revoker: string }>
  /** Deletes stored messages for this user only. */
  deleteMessages(conversationID: string, sequences: number[]): Promise<number[]>
  /** Forwards stored messages (one by one, or as one merged record) to other conversations. */
  forwardMessages(body: Omit<ForwardBody, 'merged' | 'title'> & Partial<Pick<ForwardBody, 'merged' | 'title'>>): Promise<ForwardResult>
  /** Sends a WebRTC frame to a participant of a live call; false when not connected (nothing queued). */
  sendRtc(inviteID: string, to: string, payload: RtcPayload): boolean
  /** Sends a request to the SFU of a group call; false when not connected (nothing queued). */
  sendSfu(inviteID: string, payload: SfuRequest): boolean
  /** Adds or removes this user's emoji reaction; resolves with the message's new reactionList. */
  setMessageReaction(params: SetReactionParams): Promise<Reaction[]>
  /** Rejects with the server's error ('请开通翻译功能' without a provider); never toasts. */
  translateText(params: TranslateParams): Promise<string[]>
  /** The text of an audio message; rejects with the server's error, never toasts. */
  convertVoiceToText(params: MessageRefParams): Promise<string>
  /** Messages of one conversation by type filter and keyword, newest first. */
  searchMessages(params: SearchMessagesParams): Promise<MessagePage>
  /** Messages of all the user's conversations whose text contains the keyword, newest first; never toasts. */
  searchAllMessages(keyword: string, count?: number): Promise<Message[]>
  /** The sequence of a message found by its ID; null when the user cannot see it (deleted, cleared). */
  locateMessage(conversationID: string, messageID: string): Promise<number | null>
}
