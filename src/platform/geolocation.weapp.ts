import Taro from '@tarojs/taro'
import type { GeolocationPort } from './geolocation'

export const geolocation: GeolocationPort = {
  supported: () => true,
  async current() {
    try {
      const res = await Taro.getLocation({ type: 'gcj02' })
      return { latitude: res.latitude, longitude: res.longitude }
    } catch (err) {
      const msg = (err as { errMsg?: string })?.errMsg ?? ''
      throw new Error(/auth|deny/i.test(msg) ? '未获得定位权限，请在设置中允许定位' : '无法获取当前位置')
    }
  },
}
