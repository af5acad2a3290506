import type { PwaPort } from './pwa'

/** WeChat updates a mini-program itself. */
export const pwa: PwaPort = {
  register: () => undefined,
}
