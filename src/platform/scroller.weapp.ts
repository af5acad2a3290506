import Taro from '@tarojs/taro'
import type { ScrollerPort } from './scroller'

interface Fields {
  scrollTop?: number
  scrollHeight?: number
  height?: number
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
  reveal(id, targetId) {
    Taro.createSelectorQuery()
      .select(`#${id}`)
      .fields({ rect: true, size: true, scrollOffset: true })
      .select(`#${targetId}`)
      .boundingClientRect()
      .exec((res) => {
        const [box, target] = res as Array<{ top: number; height: number; scrollTop?: number } | null>
        if (!box || !target) return
        scroller.scrollTo(id, (box.scrollTop ?? 0) + target.top - box.top - box.height / 2 + target.height / 2)
      })
  },
}
