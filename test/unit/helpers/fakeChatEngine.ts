import type { RtcPayload, SfuRequest } from '@shared/call'
import type { Conversation, Message } from '@shared/chat'
import type { GroupCreateBody } from '@shared/group'
import type {
  ChatEngine,
  ChatEngineEvents,
  ChatEventHandler,
  ChatEventName,
  ChatLoginParams,
  GetMessageListParams,
  GetMessagesSinceParams,
  GetReadMembersParams,
  OutgoingMessageInput,
} from '@/engines/chat/ChatEngine'
import { TypedEmitter } from '@/engines/chat/emitter'
import { conversation, message } from './chatFixtures'

// The call tests take their message fixture from here.
export { message }

/**
 * A ChatEngine whose login outcome the test decides; emit() plays the server. Its chat side is a
 * small in-memory server: `conversations` and `history` answer the list and history calls, and
 * sends are stored with the next sequence unless the test sets `sendImpl`.
 */
export class FakeChatEngine implements ChatEngine {
  readonly events = new TypedEmitter<ChatEngineEvents>()
  readonly calls: string[] = []
  ready = false
  me = '10000001'
  conversations: Conversation[] = []
  history: Record<string, Message[]> = {}
  readonly sent: OutgoingMessageInput[] = []
  readonly typingSent: Array<[string, boolean]> = []
  readonly readsSent: Array<[string, number]> = []
  readonly receiptsSent: Array<[string, number[]]> = []
  loginImpl: (params: ChatLoginParams) => Promise<void> = async () => undefined
  sendImpl: ((message: OutgoingMessageInput) => Promise<Message>) | null = null

  readonly login = jest.fn(async (params: ChatLoginParams) => {
    this.calls.push('login')
    await this.loginImpl(params)
    this.ready = true
  })
  readonly logout = jest.fn(async () => {
    this.calls.push('logout')
    this.ready = false
  })

  isReady(): boolean {
    return this.ready
  }
  on<K extends ChatEventName>(event: K, handler: ChatEventHandler<K>) {
    return this.events.on(event, handler)
  }
  off<K extends ChatEventName>(event: K, handler: ChatEventHandler<K>) {
    this.events.off(event, handler)
  }
  emit<K extends ChatEventName>(event: K, payload: ChatEngineEvents[K]) {
    this.events.emit(event, payload)
  }

  private find(conversationID: string): Conversation {
    const c = this.conversations.find((x) => x.conversationID === conversationID)
    if (!c) throw Object.assign(new Error('会话不存在'), { code: 404 })
    return c
  }

  private patch(conversationID: string, patch: Partial<Conversation>): Conversation {
    const c = { ...this.find(conversationID), ...patch }
    this.conversations = this.conversations.map((x) => (x.conversationID === conversationID ? c : x))
    return c
  }

  readonly getConversationList = jest.fn(async () => this.conversations.map((c) => ({ ...c })))
  readonly openConversation = jest.fn(async (conversationID: string) => {
    if (!this.conversations.some((c) => c.conversationID === conversationID)) this.conversations.push(conversation(conversationID))
    return { ...this.find(conversationID) }
  })
  readonly getMessageList = jest.fn(async ({ conversationID, beforeSequence, count = 20 }: GetMessageListParams) => {
    const all = (this.history[conversationID] ?? []).filter((m) => beforeSequence === undefined || m.sequence < beforeSequence)
    const messages = all.slice(-count)
    return { messages, isCompleted: all.length <= count }
  })
  readonly getMessagesSince = jest.fn(async ({ conversationID, afterSequence, count = 200 }: GetMessagesSinceParams) => {
    const all = (this.history[conversationID] ?? []).filter((m) => m.sequence > afterSequence)
    return { messages: all.slice(0, count), hasMore: all.length > count }
  })
  readonly sendMessage = jest.fn(async (input: OutgoingMessageInput) => {
    this.sent.push(input)
    if (this.sendImpl) return this.sendImpl(input)
    const list = (this.history[input.conversationID] ??= [])
    const existing = list.find((m) => m.clientMsgId === input.clientMsgId && m.from === this.me)
    if (existing) return existing
    const stored = message({
      clientMsgId: input.clientMsgId,
      conversationID: input.conversationID,
      type: input.type,
      payload: input.payload as Record<string, unknown>,
      from: this.me,
      sequence: (list[list.length - 1]?.sequence ?? 0) + 1,
      needReadReceipt: input.needReadReceipt ?? false,
      atUserList: input.atUserList ?? [],
    })
    list.push(stored)
    return stored
  })
  readonly rtcSent: Array<{ inviteID: string; to: string; payload: RtcPayload }> = []
  readonly sendRtc = jest.fn((inviteID: string, to: string, payload: RtcPayload) => {
    this.rtcSent.push({ inviteID, to, payload })
    return this.ready
  })
  readonly sfuSent: Array<{ inviteID: string; payload: SfuRequest }> = []
  readonly sendSfu = jest.fn((inviteID: string, payload: SfuRequest) => {
    this.sfuSent.push({ inviteID, payload })
    return this.ready
  })
  readonly setTyping = jest.fn((conversationID: string, typing: boolean) => {
    this.typingSent.push([conversationID, typing])
  })
  readonly markRead = jest.fn((conversationID: string, sequence: number) => {
    this.readsSent.push([conversationID, sequence])
  })
  readonly sendReceipts = jest.fn((conversationID: string, sequences: number[]) => {
    this.receiptsSent.push([conversationID, sequences])
  })
  readonly pinConversation = jest.fn(async (id: string, isPinned: boolean) => this.patch(id, { isPinned }))
  readonly muteConversation = jest.fn(async (id: string, isMuted: boolean) => this.patch(id, { isMuted, markList: [] }))
  readonly foldConversation = jest.fn(async (id: string, folded: boolean) =>
    this.patch(id, folded ? { markList: [4], isMuted: true } : { markList: [] }),
  )
  readonly setDraft = jest.fn(async (id: string, draftText: string) => this.patch(id, { draftText }))
  readonly setCustomData = jest.fn(async (id: string, customData: string) => this.patch(id, { customData }))
  readonly deleteConversation = jest.fn(async (id: string, clearHistory: boolean) => {
    this.conversations = this.conversations.filter((c) => c.conversationID !== id)
    if (clearHistory) delete this.history[id]
  })
  readonly getReadMembers = jest.fn(async (_params: GetReadMembersParams) => ({ members: [], cursor: '', isCompleted: true }))
  readonly createGroup = jest.fn(async (body: GroupCreateBody) => {
    const txGroupid = `@TGS#${this.conversations.length + 1}`
    this.conversations.push(conversation(`GROUP${txGroupid}`, { groupProfile: { groupID: txGroupid, groupNumber: '100001', name: body.groupName, avatar: '', memberCount: body.wtIds.length + 1, isMember: true } }))
    return { txGroupid, groupNumber: '100001' }
  })
  readonly getGroupList = jest.fn(async () => [])
  readonly searchById = jest.fn(async (_q: string) => [])
  readonly setMessageReaction = jest.fn(async () => [])
  readonly translateText = jest.fn(async ({ sourceTextList }: { sourceTextList: string[] }) => sourceTextList)
  readonly convertVoiceToText = jest.fn(async () => '')
  readonly searchMessages = jest.fn(async () => ({ messages: [] as Message[], isCompleted: true }))
  readonly searchAllMessages = jest.fn(async (_keyword: string) => [] as Message[])
  readonly locateMessage = jest.fn(async (conversationID: string, messageID: string) => (this.history[conversationID] ?? []).find((m) => m.ID === messageID)?.sequence ?? null)
  readonly revokeMessage = jest.fn(async (_id: string, _seq: number) => ({ revoker: 'me' }))
  readonly deleteMessages = jest.fn(async (_id: string, sequences: number[]) => sequences)
  readonly forwardMessages = jest.fn(async (body: { targets: string[] }) => ({ results: body.targets.map((conversationID) => ({ conversationID, sent: 1, code: 200, msg: '' })) }))
}
