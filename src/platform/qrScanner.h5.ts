import type { QrScannerPort } from './qrScanner'

export const qrScanner: QrScannerPort = {
  supported() {
    return typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia)
  },
  async scan() {
    if (!qrScanner.supported()) return null
    const { scanWithCamera } = await import(/* webpackChunkName: "qr-scan" */ './qrScanCamera.h5')
    return scanWithCamera()
  },
}
