import { ChatEngineError, ChatErrorCode, type KickedEvent, type NoticeFrame } from '@/engines/chat/ChatEngine'
import { missingCase } from '@/utils/missingCase'
import { NoticeType } from '@shared/ws'
import type { ChatService } from './chat'
import type { ContactsService } from './contacts'
import type { ServiceContext } from './context'
import type { createGroupLive } from './groups/live'
import type { MomentsService } from './moments'
import type { SessionEnd } from './sessionEnd'
import type { ConversationGroupsService } from './conversationGroups'

export interface MessagingDeps {
  sessionEnd: Pick<SessionEnd, 'endSession'>
  /** The services whose engine bindings the messaging login makes (each binds once). */
  chat: Pick<ChatService, 'bindChat'>
  contacts: Pick<ContactsService, 'bindContacts'>
  conversationGroups: Pick<ConversationGroupsService, 'bindConversationGroups'>
  groupLive: ReturnType<typeof createGroupLive>
  moments: Pick<MomentsService, 'refreshUnread'>
}

export type Messaging = ReturnType<typeof createMessaging>

export function createMessaging(ctx: ServiceContext, deps: MessagingDeps) {
  const { store, toast } = ctx
  let bound = false
  let inflight: Promise<void> | null = null

  /** Socket notices that update the store (spec section 7 "Socket"); 7 concerns open group chats. */
  function applyNotice(frame: NoticeFrame): void {
    const state = store.getState()
    switch (frame.type) {
      case NoticeType.MomentsCount:
        return state.setMomentsCount(frame.count)
      case NoticeType.FriendMoment:
        return state.setFriendMoment(true)
      case NoticeType.TopMessageChanged:
        return state.bumpTopMessageVersion()
      case NoticeType.GroupUnread:
        return deps.groupLive.applyGroupUnread(frame)
      case NoticeType.GroupChange:
        return deps.groupLive.applyGroupChangeNotice(frame.groupNumber, frame.count, frame.memberAvatars)
      case NoticeType.Withdraw:
        return
      default:
        return missingCase(frame, 'notice')
    }
  }

  /** -1 / -2: show the server's message, log out, go to /login. */
  function handleKicked(event: KickedEvent): void {
    toast.error(event.msg)
    deps.sessionEnd.endSession({ reason: 'kicked', notice: event.msg })
  }

  function bind(): void {
    if (bound) return
    bound = true
    const engine = ctx.engine()
    engine.on('notice', applyNotice)
    engine.on('kicked', handleKicked)
    engine.on('message', deps.groupLive.applyGroupTip)
    engine.on('ready', () => {
      void deps.groupLive.refreshGroupUnread()
      void deps.moments.refreshUnread()
    })
    engine.on('netStateChange', (state) => store.getState().setNetState(state))
    deps.chat.bindChat()
    deps.contacts.bindContacts()
    deps.conversationGroups.bindConversationGroups()
  }

  /**
   * The messaging login that follows the app login (spec 4 "Login"): logs the engine in with the
   * stored user, which connects the notification channel, then sets imReady. Concurrent callers
   * share one attempt. A refused token ends the session (without navigating: the caller decides).
   */
  function messagingLogin(): Promise<void> {
    const { user, imReady } = store.getState()
    if (!user) return Promise.reject(new ChatEngineError(ChatErrorCode.NoSession, '未登录'))
    if (imReady) return Promise.resolve()
    if (inflight) return inflight
    bind()
    inflight = ctx
      .engine()
      .login({ userID: user.wtId, userSig: user.imToken })
      .then(() => {
        if (store.getState().user?.token === user.token) store.getState().setImReady(true)
      })
      .catch((err: unknown) => {
        if (err instanceof ChatEngineError && err.code === ChatErrorCode.Unauthorized) deps.sessionEnd.endSession({ navigate: 'never' })
        throw err
      })
      .finally(() => {
        inflight = null
      })
    return inflight
  }

  return { applyNotice, handleKicked, messagingLogin }
}
