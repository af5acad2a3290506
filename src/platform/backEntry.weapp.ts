import type { BackEntryPort } from './backEntry'

export const backEntry: BackEntryPort = {
  open() {},
  close() {},
}
