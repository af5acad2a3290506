import Taro from '@tarojs/taro'
import { Listeners } from './listeners'
import type { VisibilityPort } from './visibility'

let hidden = false
const listeners = new Listeners<[boolean]>()
let attached = false

/** The app-level show/hide events are attached once and shared by every listener. */
function attach(): void {
  if (attached) return
  attached = true
  Taro.onAppHide(() => {
    hidden = true
    listeners.emit(true)
  })
  Taro.onAppShow(() => {
    hidden = false
    listeners.emit(false)
  })
}

export const visibility: VisibilityPort = {
  suspendsWhenHidden: true,
  isHidden: () => hidden,
  onChange(fn) {
    attach()
    return listeners.add(fn)
  },
}
