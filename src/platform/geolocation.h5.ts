import type { GeolocationPort } from './geolocation'

const TIMEOUT_MS = 10_000

function reason(err: GeolocationPositionError): string {
  switch (err.code) {
    case err.PERMISSION_DENIED:
      return '未获得定位权限，请在浏览器设置中允许定位'
    case err.TIMEOUT:
      return '定位超时，请稍后重试'
    default:
      return '无法获取当前位置'
  }
}

export const geolocation: GeolocationPort = {
  // Browsers only offer positions to secure pages (https or localhost).
  supported: () => typeof navigator !== 'undefined' && Boolean(navigator.geolocation) && window.isSecureContext !== false,
  current() {
    return new Promise((resolve, reject) => {
      if (!geolocation.supported()) {
        reject(new Error('当前浏览器不支持定位'))
        return
      }
      navigator.geolocation.getCurrentPosition(
        (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
        (err) => reject(new Error(reason(err))),
        { enableHighAccuracy: false, timeout: TIMEOUT_MS, maximumAge: 60_000 },
      )
    })
  },
}
