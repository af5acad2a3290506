import { messageKey } from '@/stores/chat/uiMessage'
import type { MenuEntries } from './actions'

/**
 * The menu entries of reactions, pins, translation and voice-to-text: reaction opens the picker
 * under the bubble; the others act at once. Their input is the served chat feature flags, and
 * whether this message's panel is open ('hide' in the menu).
 */
export const reactionPinTranslateEntries: MenuEntries = {
  actions: {
    reaction: ({ message, app }) => app.store.getState().setReactionPickerFor(messageKey(message)),
    pin: ({ message, app }) => app.messageOps.pinMessage(message.conversationID, message),
    translate: ({ message, app }) => app.messageOps.togglePanel('translate', message.conversationID, message),
    voiceToText: ({ message, app }) => app.messageOps.togglePanel('voice', message.conversationID, message),
  },
  input(message, s) {
    const panel = s.messagePanels[messageKey(message)]
    return { features: s.chatFeatures, translationShown: panel?.kind === 'translate', voiceTextShown: panel?.kind === 'voice' }
  },
}
