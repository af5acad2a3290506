import QRCode from 'qrcode'
import type { QrImagePort } from './qrImage'

/** The mini-program has no DOM canvas for the library: an SVG drawn as text. */
export const qrImage: QrImagePort = {
  extension: 'svg',
  async render(text, size) {
    const svg = await QRCode.toString(text, { type: 'svg', width: size, margin: 1, errorCorrectionLevel: 'M' })
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  },
}
