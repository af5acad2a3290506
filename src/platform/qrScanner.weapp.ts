import Taro from '@tarojs/taro'
import type { QrScannerPort } from './qrScanner'

export const qrScanner: QrScannerPort = {
  supported: () => true,
  async scan() {
    try {
      const res = await Taro.scanCode({ scanType: ['qrCode'] })
      return res.result || null
    } catch {
      return null
    }
  },
}
