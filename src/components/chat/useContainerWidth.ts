import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'

function windowWidth(): number {
  try {
    return Taro.getWindowInfo().windowWidth
  } catch {
    return Taro.getSystemInfoSync().windowWidth
  }
}

/**
 * The width media bubbles are fitted against. Only narrow screens use it (spec 9: container width
 * minus 180 / 172), and there the chat fills the window, so the window width is the container's.
 */
export function useContainerWidth(): number {
  const [width, setWidth] = useState(windowWidth)
  useEffect(() => {
    const onResize = () => setWidth(windowWidth())
    Taro.onWindowResize?.(onResize)
    return () => Taro.offWindowResize?.(onResize)
  }, [])
  return width
}
