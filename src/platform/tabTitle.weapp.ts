import type { TabTitlePort } from './tabTitle'

/** A hidden mini-program shows no title anyone could read, so there is nothing to change. */
export const tabTitle: TabTitlePort = {
  get: () => '',
  set() {},
}
