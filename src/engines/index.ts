import { socket } from '@/platform/socket'
import { api } from '@/services/api/client'
import { useAppStore } from '@/stores'
import type { ChatEngine } from './chat/ChatEngine'
import type { ImHttp } from './chat/selfhosted/imHttp'
import { SelfHostedChatEngine } from './chat/selfhosted/SelfHostedChatEngine'

let engine: ChatEngine | null = null

/**
 * The engine's HTTP calls go through the app's /api client, so they share its error catalogue.
 * `api` is read at call time: this module and the client's load in a cycle (through sessionEnd).
 */
const imHttp: ImHttp = { call: (route, ...args) => api.call(route, ...args) }

/**
 * The self-hosted engine is the only one so far; an engine over @tencentcloud/chat would be
 * chosen here when an SDKAppID is configured.
 */
function createChatEngine(): ChatEngine {
  return new SelfHostedChatEngine({
    socket,
    http: imHttp,
    sessionToken: () => useAppStore.getState().user?.token ?? null,
  })
}

/** The app's chat engine, created on first use. */
export function getChatEngine(): ChatEngine {
  engine ??= createChatEngine()
  return engine
}

/** Puts another engine in place (tests, or a deployment that wires its own). */
export function setChatEngine(next: ChatEngine | null): void {
  engine = next
}
