/** The installed app's service worker: registered on the web, absent in the mini-program. */
export interface PwaPort {
  /**
   * Registers the service worker. When a new deployment's worker has installed and waits,
   * `onUpdate` gets a function that hands over to it and reloads the page.
   */
  register(onUpdate: (apply: () => void) => void): void
}

export declare const pwa: PwaPort
