import { pinMessage, togglePanel } from '@/services/messageOps/actions'
import { useAppStore } from '@/stores'
import { messageKey } from '@/stores/chat/uiMessage'
import { registerMessageAction } from './actions'

// Part B's menu entries: reaction opens the picker under the bubble; the others act at once.
registerMessageAction('reaction', ({ message }) => useAppStore.getState().setReactionPickerFor(messageKey(message)))
registerMessageAction('pin', ({ message }) => pinMessage(message.conversationID, message))
registerMessageAction('translate', ({ message }) => togglePanel('translate', message.conversationID, message))
registerMessageAction('voiceToText', ({ message }) => togglePanel('voice', message.conversationID, message))
