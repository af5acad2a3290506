import Taro from '@tarojs/taro'
import type { ScrollerPort } from './scroller'

interface Fields {
  scrollTop?: number
  scrollHeight?: number
  height?: number
}

function rectsOf(id: string, childId: string): Promise<Array<{ top: number; height: number } | null>> {
  return new Promise((resolve) => {
    Taro.createSelectorQuery().select(`#${id}`).boundingClientRect().select(`#${childId}`).boundingClientRect().exec((res) => resolve(res as Array<{ top: number; height: number } | null>))
  })
}

/** The ScrollView must be `enhanced` for its node to offer scrollTo. */
export const scroller: ScrollerPort = {
  metrics(id) {
    return new Promise((resolve) => {
      Taro.createSelectorQuery()
        .select(`#${id}`)
        .fields({ size: true, scrollOffset: true }, (res) => {
          const f = res as Fields | null
          resolve(f ? { scrollTop: f.scrollTop ?? 0, scrollHeight: f.scrollHeight ?? 0, clientHeight: f.height ?? 0 } : null)
        })
        .exec()
    })
  },
  scrollTo(id, top, smooth = false) {
    Taro.createSelectorQuery()
      .select(`#${id}`)
      .node((res) => {
        const node = (res as { node?: { scrollTo?: (o: { top: number; animated?: boolean }) => void } } | null)?.node
        node?.scrollTo?.({ top, animated: smooth })
      })
      .exec()
  },
  async offsetOf(id, childId) {
    const [box, child] = await rectsOf(id, childId)
    return box && child ? child.top - box.top : null
  },
  async revealChild(id, childId) {
    const [box, child] = await rectsOf(id, childId)
    const now = await scroller.metrics(id)
    if (!box || !child || !now) return
    scroller.scrollTo(id, Math.max(0, now.scrollTop + child.top - box.top - (box.height - child.height) / 2))
  },
  // The mini-program has no resize observer for nodes; its images keep the box they were given.
  watchContent: () => () => {},
}
