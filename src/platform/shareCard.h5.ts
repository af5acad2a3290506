import type { ShareCardPort } from './shareCard'

/** A browser has no chat to share to. */
export const shareCard: ShareCardPort = {
  available: false,
  usePageShare() {},
  localImage: (url) => Promise.resolve(url),
}
