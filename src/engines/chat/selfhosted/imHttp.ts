/**
 * The HTTP side of the self-hosted engine (/api/im/*, groups, search). The app wires it to its
 * /api client, so the error catalogue (toasts, session end) applies; `silent` opts a call out of
 * it for background work, whose failures are only logged (spec 8: fetch failures in stores).
 */
export interface ImCallOptions {
  silent?: boolean
}

export interface ImHttp {
  /** Resolves with the answer's data; rejects when the answer's code is not 200 or there is none. */
  get<T>(path: string, options?: ImCallOptions): Promise<T>
  post<T>(path: string, body: unknown, options?: ImCallOptions): Promise<T>
}

/** Paths under the client's /api base. */
export const ImPath = {
  conversations: '/im/conversations',
  open: '/im/conversation/open',
  history: '/im/messages/history',
  since: '/im/messages/since',
  pin: '/im/conversation/pin',
  mute: '/im/conversation/mute',
  fold: '/im/conversation/fold',
  draft: '/im/conversation/draft',
  customData: '/im/conversation/customData',
  delete: '/im/conversation/delete',
  readMembers: '/im/message/readMembers',
  revoke: '/im/message/revoke',
  deleteMessages: '/im/message/delete',
  forward: '/im/message/forward',
  groupAdd: '/user/groupchat/add',
  groupList: '/user/groupchat/list',
  searchById: '/user/searchById',
  reaction: '/im/message/reaction',
  translate: '/im/translate',
  voiceToText: '/im/voiceToText',
  search: '/im/messages/search',
} as const
