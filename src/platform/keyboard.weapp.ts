import type { KeyboardPort } from './keyboard'

export const keyboard: KeyboardPort = {
  supported: () => false,
  watchEditor: () => () => {},
  onEscape: () => () => {},
}
