import { collectMessages, copyMessage, deleteMessages, openMessage, revokeMessage } from '@/services/chat/messageOps'
import type { UiMessage } from '@/stores/slices/messages'
import type { ChatScreen } from '../chatContext'
import type { MenuInput, MessageAction } from '@/domain/chat/menuRules'

export interface ActionContext {
  message: UiMessage
  screen: ChatScreen
}

export type MessageActionHandler = (ctx: ActionContext) => void | Promise<void>

const handlers = new Map<MessageAction, MessageActionHandler>()

/**
 * Adds (or replaces) what a menu entry does. The menu only shows the entries that have a handler,
 * so a feature module plugs in with one import that calls this (reactions, pin, translate…).
 */
export function registerMessageAction(key: MessageAction, handler: MessageActionHandler): void {
  handlers.set(key, handler)
}

export function hasMessageAction(key: MessageAction): boolean {
  return handlers.has(key)
}

/** What a feature module adds to the menu's input for a message: its flags, whether its panel shows. */
export type MenuInputProvider = (message: UiMessage) => Partial<Pick<MenuInput, 'features' | 'translationShown' | 'voiceTextShown'>>

const providers: MenuInputProvider[] = []

/**
 * Adds to what the menu rules see for each message (the chat feature flags, the translate and
 * voice-to-text panels' state). Providers are merged in registration order; `features` objects
 * are merged key by key.
 */
export function registerMenuInputProvider(provider: MenuInputProvider): void {
  providers.push(provider)
}

export function menuInputExtras(message: UiMessage): Partial<MenuInput> {
  const out: Partial<MenuInput> = {}
  for (const p of providers) {
    const extra = p(message)
    const features = extra.features ? { ...out.features, ...extra.features } : out.features
    Object.assign(out, extra)
    if (features) out.features = features
  }
  return out
}

export async function runMessageAction(key: MessageAction, ctx: ActionContext): Promise<void> {
  const handler = handlers.get(key)
  if (!handler) return
  try {
    await handler(ctx)
  } catch (err) {
    console.warn(`message action ${key} failed`, err)
  }
}

registerMessageAction('copy', ({ message }) => copyMessage(message))
registerMessageAction('open', ({ message }) => openMessage(message))
registerMessageAction('quote', ({ message, screen }) => screen.startQuote(message))
registerMessageAction('forward', ({ message, screen }) => screen.startForward([message]))
registerMessageAction('multiSelect', ({ message, screen }) => screen.startMultiSelect(message))
registerMessageAction('favorite', ({ message }) => collectMessages([message]))
registerMessageAction('revoke', ({ message }) => revokeMessage(message))
registerMessageAction('delete', async ({ message }) => {
  await deleteMessages(message.conversationID, [message])
})
