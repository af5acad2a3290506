import type { WechatAccountPort } from './wechatAccount'

/** A browser has no WeChat account APIs: the login page and the settings show none of their buttons. */
export const wechatAccount: WechatAccountPort = {
  available: false,
  loginCode: () => Promise.reject(new Error('not in a mini-program')),
  requestSubscribe: async () => [],
}
