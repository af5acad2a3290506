import type { NetworkPort } from './network'

export const network: NetworkPort = {
  onChange(fn) {
    const online = () => fn(true)
    const offline = () => fn(false)
    window.addEventListener('online', online)
    window.addEventListener('offline', offline)
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
    }
  },
}
