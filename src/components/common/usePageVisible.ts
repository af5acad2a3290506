import { useDidHide, useDidShow } from '@tarojs/taro'
import { useState } from 'react'

/**
 * Whether the page this component is in is the one on screen. A page opened on top of another
 * keeps the one below mounted; overlays rendered by every page show only on the visible one.
 */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(true)
  useDidShow(() => setVisible(true))
  useDidHide(() => setVisible(false))
  return visible
}
