import type { ChartHostPort } from './chartHost'

export const chartHost: ChartHostPort = {
  element: (id) => document.getElementById(id),
  onResize(fn) {
    window.addEventListener('resize', fn)
    return () => window.removeEventListener('resize', fn)
  },
}
