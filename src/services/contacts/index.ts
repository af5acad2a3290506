import type { ChatService } from '../chat'
import type { ServiceContext } from '../context'
import { createContactActions } from './actions'
import { createContactsApi } from './api'
import { createContactLists } from './sync'

// The contacts actions screens call (contacts page, profile popups, report form), reached through
// the app (`useApp().contacts`); `api` holds the endpoints the screens read directly.
export { RECOMMENDED_TEXT, type NameCard, type ReportInput } from './actions'
export type { ContactsApi } from './api'

export type ContactsService = ReturnType<typeof createContacts>

export function createContacts(ctx: ServiceContext, chat: Pick<ChatService, 'closeConversation' | 'openConversation' | 'sendCustom' | 'searchById'>) {
  const api = createContactsApi(ctx.api)
  const lists = createContactLists(ctx, api)
  return { api, ...lists, ...createContactActions(ctx, { contactsApi: api, lists, chat }) }
}
