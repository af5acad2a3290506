import { pinMessage, togglePanel } from '@/services/messageOps/actions'
import { useAppStore } from '@/stores'
import { messageKey } from '@/stores/chat/uiMessage'
import { registerMenuInputProvider, registerMessageAction } from './actions'

// The menu entries of reactions, pins, translation and voice-to-text: reaction opens the picker
// under the bubble; the others act at once.
registerMessageAction('reaction', ({ message }) => useAppStore.getState().setReactionPickerFor(messageKey(message)))
registerMessageAction('pin', ({ message }) => pinMessage(message.conversationID, message))
registerMessageAction('translate', ({ message }) => togglePanel('translate', message.conversationID, message))
registerMessageAction('voiceToText', ({ message }) => togglePanel('voice', message.conversationID, message))

// The served chat feature flags, and whether this message's panel is open ('hide' in the menu).
registerMenuInputProvider((message) => {
  const s = useAppStore.getState()
  const panel = s.messagePanels[messageKey(message)]
  return { features: s.chatFeatures, translationShown: panel?.kind === 'translate', voiceTextShown: panel?.kind === 'voice' }
})
