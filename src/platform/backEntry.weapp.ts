import type { BackEntryPort } from './backEntry'

export const backEntry: BackEntryPort = {
  install() {},
  open() {
    return () => undefined
  },
}
