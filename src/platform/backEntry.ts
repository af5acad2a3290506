/**
 * A browser history entry for something opened over the current page (a chat covering the list
 * on a phone), so the browser's back button closes it instead of leaving the page. H5 only: the
 * mini-program's own navigation bar has no such button.
 */
export interface BackEntryPort {
  /**
   * Pushes an entry at `url`. Going back from it calls `onBack` and nothing else happens, as long
   * as `isOwnerShowing()` says the page that opened it was the one on screen.
   */
  open(url: string, onBack: () => void, isOwnerShowing: () => boolean): void
  /** The thing was closed inside the app: its entry, when it is the current one, is dropped. */
  close(): void
}

export declare const backEntry: BackEntryPort
