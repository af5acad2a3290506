import type { BootPort } from './boot'

export const boot: BootPort = {
  rewriteLaunchUrl(rewrite) {
    const target = rewrite(window.location.pathname, window.location.search)
    if (target !== null) window.history.replaceState(window.history.state, '', target + window.location.hash)
  },
}
