import { z } from 'zod'
import {
  CollectionBatchDelBody,
  CollectionListBody,
  CollectionTopBody,
  FavoritePage,
  HelperAnswer,
  HelperKeyWordBody,
  HelperQuestion,
  HelperQuestionBody,
  Phrase,
  PhraseAddBody,
  PhraseDeleteBody,
  PhraseSortBody,
  PhraseSwitchBody,
  PhraseUpdateBody,
} from '../favorites'
import { C2cTopAddBody, C2cTopDelBody, C2cTopListBody, CollectionAddBody, PinnedMessage } from '../messageOps'
import { route } from './route'

/** Spec section 7 "Quick phrases, favorites, pinned messages, helper". */
export const favoriteRoutes = {
  phraseList: route({ method: 'GET', path: '/userDailyWord/list', summary: 'Quick phrases, in order (a new account gets a default set)', answer: z.array(Phrase) }),
  phraseAdd: route({ method: 'POST', path: '/userDailyWord/add', summary: 'Add a quick phrase', body: PhraseAddBody, answer: Phrase }),
  phraseSort: route({ method: 'POST', path: '/userDailyWord/sort', summary: 'Reorder quick phrases: ids in their new order', body: PhraseSortBody, answer: z.array(Phrase) }),
  phraseUpdate: route({ method: 'POST', path: '/userDailyWord/update', summary: 'Edit a quick phrase', body: PhraseUpdateBody, answer: Phrase }),
  phraseDelete: route({ method: 'POST', path: '/userDailyWord/deleteByIds', summary: 'Delete quick phrases', body: PhraseDeleteBody, answer: z.object({ deleted: z.number().int() }) }),
  phraseSwitch: route({ method: 'POST', path: '/user/userConfig/phraseSwitch', summary: 'Show (1) or hide (0) the quick phrases entry', body: PhraseSwitchBody, answer: z.object({ phraseSwitch: z.number().int() }) }),
  collectionList: route({ method: 'POST', path: '/user/collection/list', summary: 'Favorites, pinned first then newest', body: CollectionListBody, answer: FavoritePage }),
  collectionAdd: route({ method: 'POST', path: '/user/collection/add', summary: 'Add a favorite', body: CollectionAddBody, answer: z.object({ id: z.number().int() }) }),
  collectionBatchDel: route({ method: 'POST', path: '/user/collection/batchDel', summary: 'Delete favorites (all or none)', body: CollectionBatchDelBody, answer: z.object({ deleted: z.number().int() }) }),
  collectionTopSet: route({ method: 'POST', path: '/user/collection/topSet', summary: 'Pin a favorite', body: CollectionTopBody, answer: z.object({ id: z.number().int(), topStatus: z.number().int() }) }),
  collectionTopCancel: route({ method: 'POST', path: '/user/collection/topCancel', summary: 'Unpin a favorite', body: CollectionTopBody, answer: z.object({ id: z.number().int(), topStatus: z.number().int() }) }),
  pinList: route({ method: 'POST', path: '/user/c2cTop/list', summary: 'Pinned messages of a one-to-one chat', body: C2cTopListBody, answer: z.array(PinnedMessage) }),
  pinAdd: route({ method: 'POST', path: '/user/c2cTop/add', summary: 'Pin a message of a one-to-one chat', body: C2cTopAddBody, answer: PinnedMessage }),
  pinDelete: route({ method: 'POST', path: '/user/c2cTop/del', summary: 'Unpin a message', body: C2cTopDelBody, answer: z.null() }),
  helperList: route({ method: 'GET', path: '/user/helperReply/list', summary: "The official helper's questions and answers", answer: z.array(HelperQuestion) }),
  helperQuestion: route({ method: 'POST', path: '/user/helperReply/question', summary: 'Ask one FAQ question: the question and its answer go into the helper conversation', body: HelperQuestionBody, answer: HelperQuestion }),
  helperKeyWord: route({ method: 'POST', path: '/user/helperReply/keyWord', summary: 'The helper answer for a text (a keyword match, or how to reach a person)', body: HelperKeyWordBody, answer: HelperAnswer }),
}
