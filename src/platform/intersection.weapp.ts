import Taro from '@tarojs/taro'
import type { IntersectionPort, VisibleWatch, VisibleWatchOptions } from './intersection'

/** The dataset key the mini-program reports for a data-{name} attribute. */
function datasetKey(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
}

function watchVisible(options: VisibleWatchOptions): VisibleWatch {
  let observer: Taro.IntersectionObserver | null = null
  const key = datasetKey(options.keyAttribute)
  const start = () => {
    observer?.disconnect()
    const page = Taro.getCurrentInstance().page
    if (!page) return
    // observeAll only covers the nodes present now, so each refresh builds a new observer.
    observer = Taro.createIntersectionObserver(page as never, { thresholds: [options.ratio], observeAll: true })
    observer.relativeTo(options.root).observe(options.targets, (res) => {
      if ((res.intersectionRatio ?? 0) < options.ratio - 0.01) return
      const value = (res as unknown as { dataset?: Record<string, unknown> }).dataset?.[key]
      if (value !== undefined && value !== null && value !== '') options.onVisible(String(value))
    })
  }
  start()
  return {
    refresh: start,
    stop() {
      observer?.disconnect()
      observer = null
    },
  }
}

export const intersection: IntersectionPort = {
  supported: () => true,
  watchVisible,
}
