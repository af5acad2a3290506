import { z } from 'zod'
import {
  SessionGroup,
  SessionGroupAddBody,
  SessionGroupHideBody,
  SessionGroupIdBody,
  SessionGroupIdsBody,
  SessionGroupUpdateBody,
} from '../sessionGroup'
import { route } from './route'

const groups = z.array(SessionGroup)

/** Spec section 7 "Conversation groups": the user's own tabs of the conversation list. */
export const sessionGroupRoutes = {
  list: route({ method: 'GET', path: '/sessionGroup/list', summary: "My conversation groups, 'all' first, then in my order", answer: groups }),
  hide: route({ method: 'POST', path: '/sessionGroup/hide', summary: 'Show (1) or hide (0) a group', body: SessionGroupHideBody, answer: z.null() }),
  sort: route({ method: 'POST', path: '/sessionGroup/sort', summary: 'Order my groups (the ids given come first, in that order)', body: SessionGroupIdsBody, answer: z.null() }),
  add: route({ method: 'POST', path: '/sessionGroup/add', summary: 'Create a group of my conversations', body: SessionGroupAddBody, answer: SessionGroup }),
  delete: route({ method: 'POST', path: '/sessionGroup/delete', summary: 'Delete my groups', body: SessionGroupIdsBody, answer: z.null() }),
  update: route({ method: 'POST', path: '/sessionGroup/update', summary: "A group's name and conversations", body: SessionGroupUpdateBody, answer: SessionGroup }),
  getById: route({ method: 'POST', path: '/sessionGroup/getById', summary: 'One of my groups', body: SessionGroupIdBody, answer: SessionGroup }),
}
