import type { Query } from '@/utils/query'

export interface AppLocation {
  /** H5: the public path (/messages); mini-program: the page path (/pages/messages/index). */
  path: string
  query: Query
}

export interface LocationPort {
  current(): AppLocation
  /** H5: changes the address bar without navigating; the mini-program has no address bar. */
  replaceUrl(url: string): void
  setTitle(title: string): void
  /** Where links to this app point (QR login links, shares). */
  origin(): string
}

export declare const appLocation: LocationPort
