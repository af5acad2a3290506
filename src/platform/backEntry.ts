/**
 * A browser history entry for something opened over the current page (a chat covering the list
 * on a phone), so the browser's back button closes it instead of leaving the page. H5 only: the
 * mini-program's own navigation bar has no such button.
 */
export interface BackEntryPort {
  /**
   * Starts listening to the browser's history, before the page router does (app start-up): a
   * pop into or out of one of these entries must never reach the router, which would take it
   * for a page change and load the page again from the popped address.
   */
  install(): void
  /**
   * Pushes an entry at `url`. Going back from it calls `onBack` and nothing else happens, as long
   * as `isOwnerShowing()` says the page that opened it was the one on screen. `belowUrl` is what
   * the entry underneath shows (the page without the overlay), so going back never lands on an
   * address that names the overlay again. Returns the way to close it from inside the app: the
   * entry, when it is the current one, is dropped.
   */
  open(url: string, onBack: () => void, isOwnerShowing: () => boolean, belowUrl: string): () => void
}

export declare const backEntry: BackEntryPort
