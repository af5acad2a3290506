import type { RtcPayload, SfuRequest } from '@shared/call'
import type { Conversation, Message, Reaction } from '@shared/chat'
import { PROTOCOL_VERSION } from '@shared/codes'
import type { ChatServerFrame, ServerFrame } from '@shared/frames'
import type { GroupCreateBody, GroupCreateResult, GroupListItem } from '@shared/group'
import { SEARCH_PAGE_SIZE, type ForwardResult } from '@shared/messageOps'
import type { SearchResult } from '@shared/search'
import { accountRoutes } from '@shared/routes/account'
import { chatRoutes } from '@shared/routes/chat'
import { groupRoutes } from '@shared/routes/groups'
import { NoticeType } from '@shared/ws'
import type { SocketPort } from '@/platform/socket'
import { missingCase } from '@/utils/missingCase'
import {
  ChatEngineError,
  ChatErrorCode,
  LocalSendError,
  SendFailure,
  type ChatEngine,
  type ChatEngineEvents,
  type ChatEventHandler,
  type ChatEventName,
  type ChatLoginParams,
  type GetMessageListParams,
  type GetMessagesSinceParams,
  type GetReadMembersParams,
  type MessageRefParams,
  type SearchMessagesParams,
  type SetReactionParams,
  type TranslateParams,
  type MessagePage,
  type MessagesSince,
  type OutgoingMessageInput,
  type ReadMembersPage,
} from '../ChatEngine'
import { TypedEmitter } from '../emitter'
import type { BackoffOptions } from './backoff'
import { ReconnectingChannel, type ChannelState, type LinkWatch } from './channel'
import { systemClock, type Clock } from './clock'
import type { WireChecks } from './frames'
import type { ImHttp } from './imHttp'
import { loadWireChecks } from './loadWireChecks'
import { Outbox } from './outbox'

/** How long login() waits for the server's hello, reconnect attempts included. */
export const LOGIN_TIMEOUT_MS = 15_000
/** The forced-logout text when the server closes the channel without a -1 frame. */
export const SESSION_LOST_TEXT = '登录状态已失效，请重新登录'

export interface SelfHostedChatEngineOptions {
  socket: Pick<SocketPort, 'connect' | 'urlFor'>
  /** /api calls of the engine (conversations, history, groups, search). */
  http: ImHttp
  /** The app session token: /ws/{token} is authenticated by it. */
  sessionToken(): string | null
  clock?: Clock
  random?: () => number
  heartbeatMs?: number
  backoff?: BackoffOptions
  link?: LinkWatch
  loginTimeoutMs?: number
  sendAckTimeoutMs?: number
  /** Given: used from the start (tests). Otherwise loaded with their schemas on the first login. */
  wireChecks?: WireChecks
}

/** The server answers a changed conversation with null only if it vanished meanwhile: that call failed. */
async function existing(answer: Promise<Conversation | null>): Promise<Conversation> {
  const conversation = await answer
  if (!conversation) throw new Error('会话不存在')
  return conversation
}

/** A refusal answered 404 by the server (the HTTP client rejects with the envelope's code). */
const isNotFound = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 404

interface PendingLogin {
  resolve(): void
  reject(err: ChatEngineError): void
  timer: unknown
}

/**
 * The engine over our own server's /ws/{token} channel. The channel is authenticated by the
 * session token, so userSig is not needed here; it is kept in the interface for engines that sign.
 */
export class SelfHostedChatEngine implements ChatEngine {
  private readonly events = new TypedEmitter<ChatEngineEvents>()
  private readonly clock: Clock
  private channel: ReconnectingChannel | null = null
  private userID: string | null = null
  private ready = false
  private pending: PendingLogin | null = null
  private readonly outbox: Outbox
  private checks: WireChecks | null
  /** Counts resets, so a login that waited for the checks knows whether it was cancelled meanwhile. */
  private resets = 0

  constructor(private readonly options: SelfHostedChatEngineOptions) {
    this.clock = options.clock ?? systemClock
    this.checks = options.wireChecks ?? null
    this.outbox = new Outbox(
      (message) => this.ready && this.channel !== null && this.channel.send({ type: 'send', message }),
      this.clock,
      options.sendAckTimeoutMs,
    )
  }

  isReady(): boolean {
    return this.ready
  }

  on<K extends ChatEventName>(event: K, handler: ChatEventHandler<K>): () => void {
    return this.events.on(event, handler)
  }

  off<K extends ChatEventName>(event: K, handler: ChatEventHandler<K>): void {
    this.events.off(event, handler)
  }

  login({ userID }: ChatLoginParams): Promise<void> {
    if (this.ready && this.userID === userID) return Promise.resolve()
    this.reset()
    if (!this.options.sessionToken()) return Promise.reject(new ChatEngineError(ChatErrorCode.NoSession, '未登录'))
    this.userID = userID
    if (this.checks) return this.connect(this.checks)
    const resets = this.resets
    return this.wireChecks().then(
      (checks) => {
        if (resets !== this.resets) throw new ChatEngineError(ChatErrorCode.Cancelled, '已取消登录')
        return this.connect(checks)
      },
      () => {
        if (resets === this.resets) this.userID = null
        throw new ChatEngineError(ChatErrorCode.Timeout, '连接消息服务超时')
      },
    )
  }

  private wireChecks(): Promise<WireChecks> {
    if (this.checks) return Promise.resolve(this.checks)
    return loadWireChecks().then((checks) => (this.checks = checks))
  }

  private connect(checks: WireChecks): Promise<void> {
    const channel = new ReconnectingChannel({
      connect: (url) => this.options.socket.connect(url),
      url: () => {
        const token = this.options.sessionToken()
        return token ? this.options.socket.urlFor(`/ws/${encodeURIComponent(token)}`) : null
      },
      parseFrame: checks.parseServerFrame,
      clock: this.clock,
      random: this.options.random,
      heartbeatMs: this.options.heartbeatMs,
      backoff: this.options.backoff,
      link: this.options.link,
    })
    this.channel = channel
    channel.on('frame', (frame) => this.handleFrame(frame))
    channel.on('state', (state) => this.handleState(state))
    channel.on('ended', () => this.handleEnded())
    return new Promise<void>((resolve, reject) => {
      const timer = this.clock.setTimeout(
        () => this.failLogin(new ChatEngineError(ChatErrorCode.Timeout, '连接消息服务超时')),
        this.options.loginTimeoutMs ?? LOGIN_TIMEOUT_MS,
      )
      this.pending = { resolve, reject, timer }
      channel.start()
    })
  }

  async logout(): Promise<void> {
    this.reset()
  }

  /** Ends whatever is under way: a login still waiting is cancelled, the channel closed. */
  private reset(): void {
    this.resets++
    if (this.pending) this.failLogin(new ChatEngineError(ChatErrorCode.Cancelled, '已取消登录'))
    this.shutdown()
    this.userID = null
    this.outbox.cancelAll()
  }

  // ---- conversations and history (HTTP) ----

  getConversationList(): Promise<Conversation[]> {
    return this.options.http.call(chatRoutes.conversations, undefined, { silent: true })
  }

  openConversation(conversationID: string): Promise<Conversation> {
    return existing(this.options.http.call(chatRoutes.open, { conversationID }, { silent: true }))
  }

  getMessageList({ conversationID, beforeSequence, count }: GetMessageListParams): Promise<MessagePage> {
    const body = { conversationID, count, ...(beforeSequence !== undefined ? { beforeSequence } : {}) }
    return this.options.http.call(chatRoutes.history, body, { silent: true })
  }

  getMessagesSince({ conversationID, afterSequence, count }: GetMessagesSinceParams): Promise<MessagesSince> {
    return this.options.http.call(chatRoutes.since, { conversationID, afterSequence, count }, { silent: true })
  }

  pinConversation(conversationID: string, isPinned: boolean): Promise<Conversation> {
    return existing(this.options.http.call(chatRoutes.pin, { conversationID, isPinned }))
  }

  muteConversation(conversationID: string, isMuted: boolean): Promise<Conversation> {
    return existing(this.options.http.call(chatRoutes.mute, { conversationID, isMuted }))
  }

  foldConversation(conversationID: string, folded: boolean): Promise<Conversation> {
    return existing(this.options.http.call(chatRoutes.fold, { conversationID, folded }))
  }

  /** Saved when leaving a chat, in the background: a failure is logged, not shown. */
  setDraft(conversationID: string, draftText: string): Promise<Conversation> {
    return existing(this.options.http.call(chatRoutes.draft, { conversationID, draftText }, { silent: true }))
  }

  setCustomData(conversationID: string, customData: string): Promise<Conversation> {
    return existing(this.options.http.call(chatRoutes.customData, { conversationID, customData }))
  }

  async deleteConversation(conversationID: string, clearHistory: boolean): Promise<void> {
    await this.options.http.call(chatRoutes.delete, { conversationID, clearHistory })
  }

  getReadMembers({ conversationID, sequence, filter, cursor = '', count }: GetReadMembersParams): Promise<ReadMembersPage> {
    return this.options.http.call(chatRoutes.readMembers, { conversationID, sequence, filter, cursor, count })
  }

  createGroup(body: GroupCreateBody): Promise<GroupCreateResult> {
    return this.options.http.call(groupRoutes.create, body)
  }

  getGroupList(): Promise<GroupListItem[]> {
    return this.options.http.call(groupRoutes.list)
  }

  searchById(searchId: string): Promise<SearchResult[]> {
    return this.options.http.call(accountRoutes.searchById, { searchId })
  }

  async setMessageReaction(params: SetReactionParams): Promise<Reaction[]> {
    const { reactionList } = await this.options.http.call(chatRoutes.reaction, params)
    return reactionList
  }

  /** Silent: the translation panel shows the failure itself (spec 8). */
  async translateText({ sourceTextList, sourceLanguage = 'auto', targetLanguage = 'zh' }: TranslateParams): Promise<string[]> {
    const r = await this.options.http.call(chatRoutes.translate, { sourceTextList, sourceLanguage, targetLanguage }, { silent: true })
    return r.translatedTextList
  }

  async convertVoiceToText({ conversationID, sequence }: MessageRefParams): Promise<string> {
    const r = await this.options.http.call(chatRoutes.voiceToText, { conversationID, sequence }, { silent: true })
    return r.text
  }

  searchMessages(params: SearchMessagesParams): Promise<MessagePage> {
    return this.options.http.call(chatRoutes.search, params)
  }

  async searchAllMessages(keyword: string, count = SEARCH_PAGE_SIZE): Promise<Message[]> {
    return (await this.options.http.call(chatRoutes.searchAll, { keyword, count }, { silent: true })).messages
  }

  async locateMessage(conversationID: string, messageID: string): Promise<number | null> {
    try {
      return (await this.options.http.call(chatRoutes.locate, { conversationID, messageID }, { silent: true })).sequence
    } catch (err) {
      if (isNotFound(err)) return null
      throw err
    }
  }

  // The screens show these failures in their own words (spec 8: '已过撤回时限', '内容包含敏感词汇').
  revokeMessage(conversationID: string, sequence: number): Promise<{ revoker: string }> {
    return this.options.http.call(chatRoutes.revoke, { conversationID, sequence }, { silent: true })
  }

  async deleteMessages(conversationID: string, sequences: number[]): Promise<number[]> {
    return (await this.options.http.call(chatRoutes.deleteMessages, { conversationID, sequences }, { silent: true })).sequences
  }

  forwardMessages(body: Parameters<ChatEngine['forwardMessages']>[0]): Promise<ForwardResult> {
    return this.options.http.call(chatRoutes.forward, body, { silent: true })
  }

  // ---- live chat (socket) ----

  sendMessage(input: OutgoingMessageInput): Promise<Message> {
    if (this.checks) return this.queueMessage(this.checks, input)
    if (!this.userID) return Promise.reject(new SendFailure(LocalSendError.Cancelled, '未登录'))
    return this.wireChecks().then((checks) => this.queueMessage(checks, input))
  }

  private queueMessage(checks: WireChecks, input: OutgoingMessageInput): Promise<Message> {
    const checked = checks.checkOutgoingMessage(input)
    if (!checked.ok) return Promise.reject(new SendFailure(LocalSendError.Invalid, checked.reason))
    if (!this.userID) return Promise.reject(new SendFailure(LocalSendError.Cancelled, '未登录'))
    return this.outbox.add(checked.message, this.ready)
  }

  /** Typing state is ephemeral: while disconnected it is simply not sent. */
  sendRtc(inviteID: string, to: string, payload: RtcPayload): boolean {
    if (!this.ready || !this.channel) return false
    this.channel.send({ type: 'rtc', inviteID, to, payload })
    return true
  }

  sendSfu(inviteID: string, payload: SfuRequest): boolean {
    if (!this.ready || !this.channel) return false
    this.channel.send({ type: 'sfu', inviteID, payload })
    return true
  }

  setTyping(conversationID: string, typing: boolean): void {
    if (this.ready) this.channel?.send({ type: 'typing', conversationID, typing })
  }

  /** The read state is also derived on the next open, so a read lost to a disconnect is not queued. */
  markRead(conversationID: string, sequence: number): void {
    if (this.ready && sequence >= 0) this.channel?.send({ type: 'read', conversationID, sequence: Math.floor(sequence) })
  }

  sendReceipts(conversationID: string, sequences: number[]): void {
    const unique = [...new Set(sequences.filter((n) => Number.isInteger(n) && n >= 1))]
    if (!this.ready || !unique.length) return
    // The frame carries at most 100 sequences.
    for (let i = 0; i < unique.length; i += 100) this.channel?.send({ type: 'receipt', conversationID, sequences: unique.slice(i, i + 100) })
  }

  private shutdown(): void {
    const channel = this.channel
    this.channel = null
    if (channel) {
      channel.stop()
      channel.removeAll()
    }
    this.setReady(false)
  }

  private failLogin(err: ChatEngineError): void {
    const pending = this.pending
    if (!pending) return
    this.pending = null
    this.clock.clearTimeout(pending.timer)
    this.shutdown()
    this.userID = null
    pending.reject(err)
  }

  private setReady(ready: boolean): void {
    if (this.ready === ready) return
    this.ready = ready
    if (ready) this.outbox.flush()
    else this.outbox.pause()
    this.events.emit(ready ? 'ready' : 'notReady', undefined)
  }

  private handleFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'batch':
        for (const inner of frame.frames) this.handleFrame(inner)
        return
      case 'ack':
      case 'nack':
      case 'msg':
      case 'typing':
      case 'read':
      case 'receipt':
      case 'conv':
      case 'convDeleted':
      case 'reaction':
      case 'revoked':
        return this.handleChatFrame(frame)
      case 'hello':
        return this.handleHello(frame.protocolVersion, frame.wtId)
      case 'pong':
        return
      case 'error':
        return this.events.emit('error', { code: frame.code, msg: frame.msg })
      case 'rtc':
        return this.events.emit('rtc', { inviteID: frame.inviteID, from: frame.from, payload: frame.payload })
      case 'sfu':
        return this.events.emit('sfu', { inviteID: frame.inviteID, payload: frame.payload })
      case NoticeType.ForcedLogout:
      case NoticeType.FatalError:
        return this.kick({ type: frame.type, msg: frame.msg })
      case NoticeType.MomentsCount:
      case NoticeType.TopMessageChanged:
      case NoticeType.GroupUnread:
      case NoticeType.GroupChange:
      case NoticeType.FriendMoment:
      case NoticeType.Withdraw:
        return this.events.emit('notice', frame)
      case 'friendApply':
      case 'friendChange':
        return this.events.emit('contacts', frame)
      case 'sessionGroups':
        return this.events.emit('conversationGroups', frame)
      default:
        return missingCase(frame, 'frame')
    }
  }

  private handleChatFrame(frame: ChatServerFrame): void {
    switch (frame.type) {
      case 'ack':
        return this.outbox.ack(frame.clientMsgId, frame.message)
      case 'nack':
        return this.outbox.nack(frame.clientMsgId, new SendFailure(frame.code, frame.msg, frame.hasRiskContent ?? false))
      case 'msg':
        return this.events.emit('message', frame.message)
      case 'typing':
        return this.events.emit('typing', { conversationID: frame.conversationID, from: frame.from, typing: frame.typing })
      case 'read':
        return this.events.emit('peerRead', { conversationID: frame.conversationID, reader: frame.reader, sequence: frame.sequence })
      case 'receipt':
        return this.events.emit('receipt', {
          conversationID: frame.conversationID,
          sequence: frame.sequence,
          readCount: frame.readCount,
          unreadCount: frame.unreadCount,
        })
      case 'conv':
        return this.events.emit('conversationChanged', frame.conversation)
      case 'convDeleted':
        return this.events.emit('conversationDeleted', { conversationID: frame.conversationID })
      case 'reaction':
        return this.events.emit('reaction', frame)
      case 'revoked':
        return this.events.emit('messageRevoked', { conversationID: frame.conversationID, sequence: frame.sequence, from: frame.from, revoker: frame.revoker })
      default:
        return missingCase(frame, 'frame')
    }
  }

  private handleHello(protocolVersion: number, wtId: string): void {
    if (protocolVersion !== PROTOCOL_VERSION || wtId !== this.userID) {
      const err = new ChatEngineError(ChatErrorCode.Incompatible, '客户端版本与服务器不兼容，请刷新页面')
      if (this.pending) return this.failLogin(err)
      this.shutdown()
      this.events.emit('error', { code: 0, msg: err.message })
      return
    }
    this.events.emit('netStateChange', 'connected')
    this.setReady(true)
    const pending = this.pending
    if (pending) {
      this.pending = null
      this.clock.clearTimeout(pending.timer)
      pending.resolve()
    }
  }

  private handleState(state: ChannelState): void {
    if (state === 'connecting' || state === 'backoff') {
      this.setReady(false)
      this.events.emit('netStateChange', 'connecting')
    } else if (state === 'stopped') {
      this.events.emit('netStateChange', 'disconnected')
    }
  }

  /** The server closed for good (token refused, session ended) without saying why in a frame. */
  private handleEnded(): void {
    if (this.pending) return this.failLogin(new ChatEngineError(ChatErrorCode.Unauthorized, SESSION_LOST_TEXT))
    this.kick({ type: NoticeType.ForcedLogout, msg: SESSION_LOST_TEXT })
  }

  private kick(event: ChatEngineEvents['kicked']): void {
    if (this.pending) return this.failLogin(new ChatEngineError(ChatErrorCode.Unauthorized, event.msg))
    this.shutdown()
    this.userID = null
    this.outbox.cancelAll()
    this.events.emit('kicked', event)
  }
}
