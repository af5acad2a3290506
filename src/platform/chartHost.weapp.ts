import type { ChartHostPort } from './chartHost'

/** The mini-program draws no charts (the console is web-only). */
export const chartHost: ChartHostPort = {
  element: () => null,
  onResize: () => () => undefined,
}
