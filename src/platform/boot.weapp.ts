import type { BootPort } from './boot'

/** Mini-program pages are opened by page path from the start; there is no URL to repair. */
export const boot: BootPort = {
  rewriteLaunchUrl() {},
}
