import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { viewport } from '@/platform/viewport'

/** Below this width the shell swaps the sidebar for a bottom tab bar (same as $breakpoint-narrow). */
export const NARROW_SCREEN_PX = 768

const windowWidth = () => viewport.size().width

/**
 * Whether the layout should use its mobile variant. Decided in script rather than CSS alone
 * because the two variants render different elements (sidebar or tab bar), not just restyled ones.
 */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => windowWidth() < NARROW_SCREEN_PX)
  useEffect(() => {
    const onResize = () => setNarrow(windowWidth() < NARROW_SCREEN_PX)
    Taro.onWindowResize?.(onResize)
    onResize()
    return () => Taro.offWindowResize?.(onResize)
  }, [])
  return narrow
}
