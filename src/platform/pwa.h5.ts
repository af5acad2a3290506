import { SW_MESSAGES } from './sw/messages'
import type { PwaPort } from './pwa'

/** Built next to index.html by InjectManifest (config/index.ts). */
const WORKER_URL = '/sw.js'

export const pwa: PwaPort = {
  register(onUpdate) {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return
    const sw = navigator.serviceWorker
    // A first install takes control quietly; only a worker replacing another one asks the user.
    const hadController = sw.controller !== null
    let reloading = false
    sw.addEventListener('controllerchange', () => {
      if (!hadController || reloading) return
      reloading = true
      window.location.reload()
    })
    const offer = (waiting: ServiceWorker) => onUpdate(() => waiting.postMessage({ type: SW_MESSAGES.skipWaiting }))
    sw.register(WORKER_URL, { scope: '/' })
      .then((reg) => {
        if (reg.waiting && hadController) offer(reg.waiting)
        reg.addEventListener('updatefound', () => {
          const installing = reg.installing
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && sw.controller) offer(installing)
          })
        })
      })
      .catch((err: unknown) => console.warn('service worker not registered', err))
  },
}
