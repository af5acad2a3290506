import { getChatEngine } from '@/engines'
import { ChatEngineError, ChatErrorCode, type ChatEngine, type KickedEvent, type NoticeFrame } from '@/engines/chat/ChatEngine'
import { useAppStore } from '@/stores'
import { missingCase } from '@/utils/missingCase'
import { NoticeType } from '@shared/ws'
import { bindChat, unbindChat } from './chat/sync'
import { bindContacts, unbindContacts } from './contacts/sync'
import { applyGroupChangeNotice, applyGroupTip, applyGroupUnread, refreshGroupUnread } from './groups/live'
import { endSession } from './sessionEnd'
import { toast } from './toast'

let bound: ChatEngine | null = null
let inflight: Promise<void> | null = null

/** Socket notices that update the store (spec section 7 "Socket"); 7 concerns open group chats. */
export function applyNotice(frame: NoticeFrame): void {
  const store = useAppStore.getState()
  switch (frame.type) {
    case NoticeType.MomentsCount:
      return store.setMomentsCount(frame.count)
    case NoticeType.TopMessageChanged:
      return store.bumpTopMessageVersion()
    case NoticeType.GroupUnread:
      return applyGroupUnread(frame)
    case NoticeType.GroupChange:
      return applyGroupChangeNotice(frame.groupNumber, frame.count)
    case NoticeType.Withdraw:
      return
    default:
      return missingCase(frame, 'notice')
  }
}

/** -1 / -2: show the server's message, log out, go to /login. */
export function handleKicked(event: KickedEvent): void {
  toast.error(event.msg)
  endSession({ reason: 'kicked' })
}

function bind(engine: ChatEngine): void {
  if (bound === engine) return
  bound = engine
  engine.on('notice', applyNotice)
  engine.on('kicked', handleKicked)
  engine.on('message', applyGroupTip)
  engine.on('ready', () => void refreshGroupUnread())
  engine.on('netStateChange', (state) => useAppStore.getState().setNetState(state))
  bindChat(engine)
  bindContacts(engine)
}

/**
 * The messaging login that follows the app login (spec 4 "Login"): logs the engine in with the
 * stored user, which connects the notification channel, then sets imReady. Concurrent callers
 * share one attempt. A refused token ends the session (without navigating: the caller decides).
 */
export function messagingLogin(): Promise<void> {
  const { user, imReady } = useAppStore.getState()
  if (!user) return Promise.reject(new ChatEngineError(ChatErrorCode.NoSession, '未登录'))
  if (imReady) return Promise.resolve()
  if (inflight) return inflight
  const engine = getChatEngine()
  bind(engine)
  inflight = engine
    .login({ userID: user.wtId, userSig: user.imToken })
    .then(() => {
      if (useAppStore.getState().user?.token === user.token) useAppStore.getState().setImReady(true)
    })
    .catch((err: unknown) => {
      if (err instanceof ChatEngineError && err.code === ChatErrorCode.Unauthorized) endSession({ navigate: 'never' })
      throw err
    })
    .finally(() => {
      inflight = null
    })
  return inflight
}

/** Forgets the engine binding (tests that install a new engine). */
export function resetMessaging(): void {
  unbindChat()
  unbindContacts()
  bound = null
  inflight = null
}
