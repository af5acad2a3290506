export type EditorNavKey = 'up' | 'down' | 'escape'
export type ListKey = 'up' | 'down' | 'enter'

export interface EnterKeyHandlers {
  /** Enter alone: the editor sends. */
  onSend(): void
  /**
   * Up, Down or Escape in the editor, for a list open over it (the @ list). Returns true when it
   * used the key, which then does nothing else (no caret move, no overlay closing).
   */
  onNavigate?(key: EditorNavKey): boolean
}

/**
 * Hardware keyboard behaviour of the chat editor (spec 5: Enter sends, Ctrl+Enter adds a newline;
 * Shift+Enter adds one too) and Esc for overlays. Devices without a hardware keyboard (the
 * mini-program) report supported() false; the editor then sends with the keyboard's send key.
 */
export interface KeyboardPort {
  supported(): boolean
  /** Watches the text area inside the element with this id. Returns the function that stops it. */
  watchEditor(id: string, handlers: EnterKeyHandlers): () => void
  /**
   * Puts the caret into the text area inside the element with this id, at `caret` (the end when
   * null), so typing goes on where the user expects after a pick from a panel or a list.
   */
  focusEditor(id: string, caret: number | null): void
  onEscape(handler: () => void): () => void
  /**
   * Up, Down and Enter anywhere on the page (a search box keeps its focus while they walk its
   * results). The handler returns true when it used the key, which then does nothing else.
   */
  onListKeys(handler: (key: ListKey) => boolean): () => void
}

export declare const keyboard: KeyboardPort
