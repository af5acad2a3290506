import type { App } from '@/root/createApp'
import type { AppState } from '@/stores'
import type { UiMessage } from '@/stores/slices/messages'
import type { ChatScreen } from '../chatContext'
import type { MenuInput, MessageAction } from '@/domain/chat/menuRules'

export interface ActionContext {
  message: UiMessage
  screen: ChatScreen
  /** The app of the chat screen, whose services the entry calls. */
  app: App
}

export type MessageActionHandler = (ctx: ActionContext) => void | Promise<void>

/** What a feature module adds to the menu's input for a message: its flags, whether its panel shows. */
export type MenuInputProvider = (message: UiMessage, state: AppState) => Partial<Pick<MenuInput, 'features' | 'translationShown' | 'voiceTextShown'>>

/** A feature's part of the message menu: what its entries do, and what it tells the menu rules. */
export interface MenuEntries {
  actions: Partial<Record<MessageAction, MessageActionHandler>>
  input?: MenuInputProvider
}

export interface MessageMenuRegistry {
  /** The menu only shows the entries that have a handler. */
  has(key: MessageAction): boolean
  /** What the features add to the menu rules' input; `features` objects are merged key by key. */
  inputExtras(message: UiMessage, state: AppState): Partial<MenuInput>
  run(key: MessageAction, ctx: ActionContext): Promise<void>
}

/** The registry of the given features' entries; a later feature's handler replaces an earlier one's. */
export function createMessageMenuRegistry(parts: readonly MenuEntries[]): MessageMenuRegistry {
  const handlers = new Map<MessageAction, MessageActionHandler>()
  for (const part of parts) {
    for (const [key, handler] of Object.entries(part.actions) as [MessageAction, MessageActionHandler][]) handlers.set(key, handler)
  }
  const providers = parts.flatMap((p) => (p.input ? [p.input] : []))
  return {
    has: (key) => handlers.has(key),
    inputExtras(message, state) {
      const out: Partial<MenuInput> = {}
      for (const p of providers) {
        const extra = p(message, state)
        const features = extra.features ? { ...out.features, ...extra.features } : out.features
        Object.assign(out, extra)
        if (features) out.features = features
      }
      return out
    },
    async run(key, ctx) {
      const handler = handlers.get(key)
      if (!handler) return
      try {
        await handler(ctx)
      } catch (err) {
        console.warn(`message action ${key} failed`, err)
      }
    },
  }
}

/** The entries every chat has: copy, open, quote, forward, multi-select, favourite, revoke, delete. */
export const basicMenuEntries: MenuEntries = {
  actions: {
    copy: ({ message, app }) => app.chat.copyMessage(message),
    open: ({ message, app }) => app.chat.openMessage(message),
    quote: ({ message, screen }) => screen.startQuote(message),
    forward: ({ message, screen }) => screen.startForward([message]),
    multiSelect: ({ message, screen }) => screen.startMultiSelect(message),
    favorite: ({ message, app }) => app.chat.collectMessages([message]),
    revoke: ({ message, app }) => app.chat.revokeMessage(message),
    delete: async ({ message, app }) => {
      await app.chat.deleteMessages(message.conversationID, [message])
    },
  },
}
