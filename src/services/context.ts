import type { ChatEngine } from '@/engines/chat/ChatEngine'
import type { AppState, AppStore } from '@/stores'
import type { RouteClient } from './api/client'
import type { Toast } from './toast'

/**
 * What the services of one app are built on: its store, its /api client, its toasts and its chat
 * engine. The composition root (src/root/createApp.ts) makes one per app and hands it to every
 * service factory, so no service reaches for a module-level instance.
 */
export interface ServiceContext {
  store: AppStore
  api: RouteClient
  toast: Toast
  /** The chat engine the actions talk to. */
  engine(): ChatEngine
  state(): AppState
  /** The logged-in user's ID, or '' when logged out. */
  me(): string
}

export function serviceContext(deps: { store: AppStore; api: RouteClient; toast: Toast; chatEngine: ChatEngine }): ServiceContext {
  const { store, api, toast, chatEngine } = deps
  return {
    store,
    api,
    toast,
    engine: () => chatEngine,
    state: () => store.getState(),
    me: () => store.getState().user?.wtId ?? '',
  }
}
