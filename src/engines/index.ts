import { socket } from '@/platform/socket'
import { useAppStore } from '@/stores'
import type { ChatEngine } from './chat/ChatEngine'
import { SelfHostedChatEngine } from './chat/selfhosted/SelfHostedChatEngine'

let engine: ChatEngine | null = null

/**
 * The self-hosted engine is the only one so far; an engine over @tencentcloud/chat would be
 * chosen here when an SDKAppID is configured.
 */
function createChatEngine(): ChatEngine {
  return new SelfHostedChatEngine({
    socket,
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
