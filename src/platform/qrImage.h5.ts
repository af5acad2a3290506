import type { QrImagePort } from './qrImage'

/** A PNG drawn on a canvas, so a download opens in any picture viewer. The encoder is fetched on first use. */
export const qrImage: QrImagePort = {
  extension: 'png',
  render: async (text, size) => {
    const { default: QRCode } = await import(/* webpackChunkName: "qrcode" */ 'qrcode')
    return QRCode.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' })
  },
}
