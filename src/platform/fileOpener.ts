export type LinkResult = 'opened' | 'copied' | 'failed'

/**
 * Getting files and pictures of messages onto the device, and following links in messages.
 * Failures reject with an Error whose message is meant for the user.
 */
export interface FileOpenerPort {
  /** H5: a browser download under `fileName`; mini-program: downloads and opens the document viewer. */
  download(url: string, fileName: string): Promise<void>
  /** H5: a browser download; mini-program: saves to the photo album. */
  saveImage(url: string, fileName: string): Promise<void>
  /** H5: a new tab; the mini-program cannot open outside pages, so the link is copied instead. */
  openLink(url: string): Promise<LinkResult>
}

export declare const fileOpener: FileOpenerPort
