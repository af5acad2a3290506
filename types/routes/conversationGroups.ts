import { z } from 'zod'
import {
  ConversationGroup,
  ConversationGroupAddBody,
  ConversationGroupHideBody,
  ConversationGroupIdBody,
  ConversationGroupIdsBody,
  ConversationGroupUpdateBody,
} from '../conversationGroup'
import { route } from './route'

const groups = z.array(ConversationGroup)

/** Spec section 7 "Conversation groups": the user's own tabs of the conversation list. The spec fixes the paths under /sessionGroup. */
export const conversationGroupRoutes = {
  list: route({ method: 'GET', path: '/sessionGroup/list', summary: "My conversation groups, 'all' first, then in my order", answer: groups }),
  hide: route({ method: 'POST', path: '/sessionGroup/hide', summary: 'Show (1) or hide (0) a group', body: ConversationGroupHideBody, answer: z.null() }),
  sort: route({ method: 'POST', path: '/sessionGroup/sort', summary: 'Order my groups (the ids given come first, in that order)', body: ConversationGroupIdsBody, answer: z.null() }),
  add: route({ method: 'POST', path: '/sessionGroup/add', summary: 'Create a group of my conversations', body: ConversationGroupAddBody, answer: ConversationGroup }),
  delete: route({ method: 'POST', path: '/sessionGroup/delete', summary: 'Delete my groups', body: ConversationGroupIdsBody, answer: z.null() }),
  update: route({ method: 'POST', path: '/sessionGroup/update', summary: "A group's name and conversations", body: ConversationGroupUpdateBody, answer: ConversationGroup }),
  getById: route({ method: 'POST', path: '/sessionGroup/getById', summary: 'One of my groups', body: ConversationGroupIdBody, answer: ConversationGroup }),
}
