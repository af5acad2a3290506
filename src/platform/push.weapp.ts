import { PushUnavailable } from './pushUnavailable'
import type { PushPort } from './push'

/** A mini-program reaches a closed user through WeChat's subscription messages, a server-side channel. */
export const push: PushPort = {
  available: false,
  permission: () => 'unsupported',
  current: async () => null,
  subscribe: async () => {
    throw new PushUnavailable('unsupported', '此浏览器不支持')
  },
  unsubscribe: async () => null,
  onOpenRequest: () => () => undefined,
  setBadge: () => undefined,
}
