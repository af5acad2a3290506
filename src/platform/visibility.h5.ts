import type { VisibilityPort } from './visibility'

export const visibility: VisibilityPort = {
  suspendsWhenHidden: false,
  isHidden() {
    return typeof document !== 'undefined' && document.visibilityState === 'hidden'
  },
  onChange(fn) {
    const listener = () => fn(document.visibilityState === 'hidden')
    document.addEventListener('visibilitychange', listener)
    return () => document.removeEventListener('visibilitychange', listener)
  },
}
