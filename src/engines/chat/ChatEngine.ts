import type { NoticeType, ServerFrame } from '@shared/ws'

/** The numeric notices of the spec's socket other than the forced logouts. */
export type NoticeFrame = Extract<ServerFrame, { type: 2 | 3 | 4 | 5 | 7 }>

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
  kicked: KickedEvent
  netStateChange: NetState
  /** The server refused a frame of ours. */
  error: { code: number; msg: string }
}

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
}
