import { View } from '@tarojs/components'
import { useAppStore } from '@/root/AppContext'
import { usePageVisible } from './usePageVisible'
import './LoadingBar.scss'

/** The thin progress bar at the top: loading while a route is checked, red on a route or load error. */
export function LoadingBar() {
  const state = useAppStore((s) => s.loadingBar)
  const visible = usePageVisible()
  if (!visible) return null
  return <View data-testid='loading-bar' data-state={state} className={`wt-loading-bar wt-loading-bar--${state}`} />
}

export default LoadingBar
