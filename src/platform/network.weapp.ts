import Taro from '@tarojs/taro'
import type { NetworkPort } from './network'

export const network: NetworkPort = {
  onChange(fn) {
    const listener = (res: { isConnected: boolean }) => fn(res.isConnected)
    Taro.onNetworkStatusChange(listener)
    return () => Taro.offNetworkStatusChange(listener)
  },
}
