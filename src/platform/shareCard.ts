/**
 * A card shared to a WeChat chat (转发): the title and picture the chat shows and the page of
 * the mini-program it opens. Only the mini-program has this; the H5 app shares nothing.
 */
export interface ShareCard {
  title: string
  /** The page with its query, from the root: `/pages/messages/index?joinGroup=…`. */
  path: string
  /** A local file (see localImage); without it WeChat shows a picture of the page. */
  imageUrl?: string
}

export interface ShareCardPort {
  /** Whether the app can share to a chat (shows the share buttons). */
  readonly available: boolean
  /** In a page component: the page's 转发, from its menu or a share button, sends `card()`. */
  usePageShare(card: () => ShareCard): void
  /**
   * A local copy of a picture of our server. Its address carries the session token, which
   * must not be handed to WeChat with the card.
   */
  localImage(url: string): Promise<string>
}

export declare const shareCard: ShareCardPort
