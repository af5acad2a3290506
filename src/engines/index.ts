import type { SocketPort } from '@/platform/socket'
import type { CallEngine, CallEngineDeps } from './call/CallEngine'
import { DeferredCallEngine, type CallEngineFactoryLoader } from './call/deferredEngine'
import { loadTrtcCallEngine } from './call/trtc/loadEngine'
import { loadWebRtcCallEngine } from './call/webrtc/loadEngine'
import type { ChatEngine } from './chat/ChatEngine'
import type { LinkWatch } from './chat/selfhosted/channel'
import type { ImHttp } from './chat/selfhosted/imHttp'
import { SelfHostedChatEngine } from './chat/selfhosted/SelfHostedChatEngine'

/** What the app gives a chat engine when it creates one. */
export interface ChatEngineDeps {
  socket: Pick<SocketPort, 'connect' | 'urlFor'>
  /** The engine's HTTP calls; the app routes them through its /api client and error catalogue. */
  http: ImHttp
  /** The app session token (the channel is /ws/{token}). */
  sessionToken(): string | null
  /** The app in front or not, the network up or down: how closely the link is watched. */
  link?: LinkWatch
}

export type ChatEngineFactory = (deps: ChatEngineDeps) => ChatEngine
export type CallEngineFactory = (deps: CallEngineDeps) => CallEngine

/**
 * The self-hosted engine is the only one so far; an engine over @tencentcloud/chat would be
 * chosen here when an SDKAppID is configured.
 */
export const createChatEngine: ChatEngineFactory = (deps) => new SelfHostedChatEngine(deps)

/**
 * The media path is chosen when the engine is first needed (the first call signal or call; the
 * pages load without it): TRTC when the server holds a TRTC application, else the self-hosted
 * WebRTC engine. A failed look-up keeps the self-hosted one.
 */
export function chooseCallEngine(deps: CallEngineDeps): CallEngineFactoryLoader {
  return async () => ((await deps.trtc?.enabled().catch(() => false)) ? loadTrtcCallEngine() : loadWebRtcCallEngine())
}

export const createCallEngine: CallEngineFactory = (deps) => new DeferredCallEngine(deps, chooseCallEngine(deps))
