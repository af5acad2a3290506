import { z } from 'zod'
import { C2cTopAddBody, C2cTopDelBody, C2cTopListBody, CollectionAddBody, PinnedMessage } from '../messageOps'
import { route } from './route'

/** Spec section 7 "Quick phrases, favorites, pinned messages, helper": the parts this server has. */
export const favoriteRoutes = {
  collectionAdd: route({ method: 'POST', path: '/user/collection/add', summary: 'Add a favorite', body: CollectionAddBody, answer: z.object({ id: z.number().int() }) }),
  pinList: route({ method: 'POST', path: '/user/c2cTop/list', summary: 'Pinned messages of a one-to-one chat', body: C2cTopListBody, answer: z.array(PinnedMessage) }),
  pinAdd: route({ method: 'POST', path: '/user/c2cTop/add', summary: 'Pin a message of a one-to-one chat', body: C2cTopAddBody, answer: PinnedMessage }),
  pinDelete: route({ method: 'POST', path: '/user/c2cTop/del', summary: 'Unpin a message', body: C2cTopDelBody, answer: z.null() }),
}
