import type { KeyboardPort } from './keyboard'

export const keyboard: KeyboardPort = {
  supported: () => false,
  watchEditor: () => () => {},
  // The mini-program's keyboard stays up while a panel is used; its caret stays where it was.
  focusEditor: () => {},
  onEscape: () => () => {},
  onListKeys: () => () => {},
}
